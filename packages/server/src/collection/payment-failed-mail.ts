import { formatMoney } from '@portico/core';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { escapeHtml } from '../http/escape-html.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';

export const PAYMENT_FAILED_MAIL_TOPIC = 'mail.payment-failed';

/** Why the charge did not go through: what the mail asks the customer to do follows from it. */
export type PaymentFailedReason = 'declined' | 'hard_declined' | 'no_payment_method' | 'authentication_required';

/** The outbox message, written in the transaction that recorded the failed attempt. */
export interface PaymentFailedMailPayload {
  accountUid: string;
  invoiceUid: string;
  invoiceNumber: number;
  amount: number;
  currency: string;
  reason: PaymentFailedReason;
  /** The provider's message ('Your card has insufficient funds.'); null when no card was charged. */
  providerMessage: string | null;
  /** The next automatic attempt (ISO), null when none is scheduled. */
  nextAttemptAt: string | null;
}

/**
 * The page mailed links open (the widget reads the query parameter there, docs/widget.md): the
 * post-login page when the company set one, else its website (else its first site origin; with none
 * configured the bare query, which the mail still states).
 */
export function mailedWidgetLink(config: CompanyConfig, param: 'portico_open' | 'portico_pay_invoice', value: string): string {
  const page = config.registration.postLoginUrl ?? config.company.websiteUrl ?? config.company.siteOrigins[0] ?? null;
  const query = new URLSearchParams({ [param]: value }).toString();
  if (!page) return `?${query}`;
  const url = new URL(page);
  url.searchParams.set(param, value);
  return url.toString();
}

const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The mail: a text part and an HTML part saying the same, every value escaped in the HTML. */
export function paymentFailedMessage(to: { email: string; firstName: string | null }, companyName: string, config: CompanyConfig, p: PaymentFailedMailPayload): MailMessage {
  const hello = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const money = formatMoney(p.amount, p.currency);
  const authenticate = p.reason === 'authentication_required';
  const link = authenticate ? mailedWidgetLink(config, 'portico_pay_invoice', p.invoiceUid) : mailedWidgetLink(config, 'portico_open', 'updatePaymentInformation');
  const what = authenticate
    ? `Your bank asks you to confirm the payment of ${money} for invoice #${p.invoiceNumber} to ${companyName}.`
    : p.reason === 'no_payment_method'
      ? `We could not collect ${money} for invoice #${p.invoiceNumber} to ${companyName}: your account has no card on file.`
      : `We could not collect ${money} for invoice #${p.invoiceNumber} to ${companyName}.${p.providerMessage ? ` Your bank said: ${p.providerMessage}` : ''}`;
  const ask = authenticate
    ? 'Open this link and confirm the payment:'
    : p.reason === 'no_payment_method' ? 'Add a card here:' : 'Update your payment information here:';
  const next = authenticate || !p.nextAttemptAt
    ? null
    : `We will try again on ${medium.format(new Date(p.nextAttemptAt))}${p.reason === 'no_payment_method' ? ', or as soon as you add a card' : ', or as soon as you save a new card'}.`;
  const button = authenticate ? 'Authenticate your payment' : p.reason === 'no_payment_method' ? 'Add a card' : 'Update payment information';
  const text = [hello, '', what, '', ask, link, ...(next ? ['', next] : []), '', companyName].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(ask)}</p>`
    + `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`
    + (next ? `<p>${escapeHtml(next)}</p>` : '') + `<p>${escapeHtml(companyName)}</p>`;
  const subject = authenticate ? `Confirm your payment to ${companyName}` : `Your payment to ${companyName} failed`;
  return { to: to.email, subject, text, html };
}

export interface PaymentFailedMailDeps {
  mailer: Mailer;
  companyName: string;
  config: CompanyConfig;
  /** The account's invoice recipients, else its primary contact; empty for an account gone. */
  invoiceRecipients: (accountUid: string) => Promise<{ email: string; firstName: string | null }[]>;
}

/** The outbox handler: one message to every invoice recipient (a retry never mails some twice). */
export function paymentFailedMailHandler(deps: PaymentFailedMailDeps) {
  return async (message: Pick<OutboxMessage, 'payload'>): Promise<void> => {
    const payload = message.payload as PaymentFailedMailPayload;
    const to = await deps.invoiceRecipients(payload.accountUid);
    if (to.length === 0) return;
    const recipient = to.length === 1 ? to[0]! : { email: to.map((p) => p.email).join(', '), firstName: null };
    await deps.mailer.send(paymentFailedMessage(recipient, deps.companyName, deps.config, payload));
  };
}
