import { formatMoney } from '@portico/core';
import type { BillingRenewalTerm } from '@portico/core';
import type { PeopleRepository } from '../accounts/people.repository.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const RECEIPT_MAIL_TOPIC = 'mail.receipt';

/**
 * What a paid sign-up's receipt states, fixed when the money was booked (amounts in minor units,
 * dates as ISO days). The registration's answer states the same facts on the confirmation screen.
 */
export interface SignupReceipt {
  invoiceNumber: number;
  /** The invoice's day (YYYY-MM-DD, UTC): the day of the payment. */
  invoiceDate: string;
  currency: string;
  /** What was charged to the card: the invoice's total, booked in full. */
  amountPaid: number;
  /** The tax inside amountPaid, and the discount taken off before tax (both ≥ 0). */
  tax: number;
  discount: number;
  plan: string;
  term: BillingRenewalTerm;
  card: { brand: string | null; last4: string | null } | null;
  /** The customer's tax id as a B2B receipt states it, with its type's name ('DE136695976 (EU VAT number)'); absent: none. */
  taxId?: string | null;
  /** The first renewal invoice (core's renewal summary); null when nothing renews. */
  next: { date: string; amount: number; endsTrial: boolean; chargedAutomatically: boolean } | null;
}

/** The outbox message: to whom (read at sending) and what. Written in the transaction that books the payment. */
export interface ReceiptMailPayload {
  /** Who paid: the receipt goes to them when the message names no account. */
  personUid: string;
  receipt: SignupReceipt;
  /** The account billed: the receipt goes to its invoice recipients (ReceiveInvoices), or its owner when none is marked. */
  accountUid?: string | null;
  /** The invoice paid: its PDF is attached, read by uid when the mail is sent. */
  invoiceUid?: string | null;
}

const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** Medium-style dates, read as UTC days: the widget shows the same (also the invoice PDF's, invoices/invoice-pdf.ts). */
export const day = (iso: string) => medium.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

const BILLED: Record<BillingRenewalTerm, string> = { Monthly: 'billed monthly', Quarterly: 'billed every 3 months', Yearly: 'billed yearly', OneTime: 'one-time purchase' };

/** "Visa ending in 4242"; a card of a brand we do not name is still named by its last four digits. */
export function cardText(card: SignupReceipt['card']): string | null {
  if (!card?.last4) return card?.brand ?? null;
  return `${card.brand ?? 'Card'} ending in ${card.last4}`;
}

/** What follows today's payment, in one sentence: the next charge and its day, or that nothing more is charged. */
export function followingText(r: SignupReceipt): string {
  const n = r.next;
  if (!n) return 'Nothing more is charged after today.';
  const money = formatMoney(n.amount, r.currency);
  if (n.amount === 0) return `Your subscription renews on ${day(n.date)} with nothing to pay.`;
  if (!n.chargedAutomatically) return `Your next invoice, for ${money}, is dated ${day(n.date)}.`;
  if (n.endsTrial) return `Your free trial ends on ${day(n.date)}; then ${money} is charged to your card.`;
  return `Your next charge is ${money} on ${day(n.date)}.`;
}

/** The receipt's lines, label and value, in reading order (the text and HTML parts say the same). */
function receiptLines(r: SignupReceipt): [string, string][] {
  const money = (minor: number) => formatMoney(minor, r.currency);
  const lines: [string, string][] = [
    ['Amount paid', money(r.amountPaid)],
    ['Date', day(r.invoiceDate)],
    ['Invoice number', `#${r.invoiceNumber}`],
    ['Plan', `${r.plan}, ${BILLED[r.term]}`],
  ];
  const card = cardText(r.card);
  if (card) lines.push(['Paid with', card]);
  if (r.taxId) lines.push(['Tax ID', r.taxId]);
  if (r.discount > 0) lines.push(['Discount', `−${money(r.discount)}`]);
  if (r.tax > 0) lines.push(['Tax', money(r.tax)]);
  return lines;
}

/** The receipt mail: a text part and an HTML part saying the same, every value escaped in the HTML. */
export function receiptMessage(to: { email: string; firstName: string | null }, companyName: string, r: SignupReceipt): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const paid = `Thank you for your payment to ${companyName}. This is your receipt.`;
  const lines = receiptLines(r);
  const follows = followingText(r);
  const text = [hello, '', paid, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', follows, '', companyName].join('\n');
  const rows = lines.map(([k, v]) => `<tr><th scope="row" align="left" style="padding:4px 16px 4px 0;font-weight:normal;color:#555">${escapeHtml(k)}</th>`
    + `<td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(paid)}</p>`
    + `<table role="presentation" cellspacing="0" cellpadding="0">${rows}</table>`
    + `<p>${escapeHtml(follows)}</p><p>${escapeHtml(companyName)}</p>`;
  return {
    to: to.email,
    subject: `Your receipt from ${companyName}: ${formatMoney(r.amountPaid, r.currency)} paid`,
    text, html,
  };
}

export interface ReceiptMailDeps {
  mailer: Mailer;
  companyName: string;
  people: Pick<PeopleRepository, 'get'>;
  /** The account's invoice recipients (ReceiveInvoices, people who joined), else its primary contact; empty for an account gone. */
  invoiceRecipients?: (accountUid: string) => Promise<{ email: string; firstName: string | null }[]>;
  /** The invoice's PDF and number; null when the invoice is gone. */
  invoicePdf?: (invoiceUid: string) => Promise<{ pdf: Buffer; invoiceNumber: number } | null>;
}

/**
 * The outbox handler of a receipt. The message exists only when the payment was booked (written
 * in that transaction), so there is nothing to check about the money here: it reads whom to write
 * to and sends. With an account, one message goes to its invoice recipients (all on one message,
 * so a retry after a failure never mails some of them twice); without, to the person who paid. A
 * person or account gone since gets nothing. With an invoice, its PDF is attached.
 */
export function receiptMailHandler(deps: ReceiptMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as ReceiptMailPayload;
    let to: { email: string; firstName: string | null }[];
    if (payload.accountUid && deps.invoiceRecipients) {
      to = await deps.invoiceRecipients(payload.accountUid);
    } else {
      const person = await deps.people.get(payload.personUid);
      to = person ? [person] : [];
    }
    if (to.length === 0) return;
    const mail = receiptMessage(to.length === 1 ? to[0]! : { email: to.map((p) => p.email).join(', '), firstName: null }, deps.companyName, payload.receipt);
    const invoice = payload.invoiceUid && deps.invoicePdf ? await deps.invoicePdf(payload.invoiceUid) : null;
    if (invoice) mail.attachments = [{ filename: `invoice-${invoice.invoiceNumber}.pdf`, content: invoice.pdf, contentType: 'application/pdf' }];
    await deps.mailer.send(mail);
  };
}
