import type { TFunction } from '../../i18n/translator.ts';
import type { ReceiptFacts } from '../../flow/receipt-facts.ts';

/** Money from minor units and medium dates, in the widget's language. */
export interface ReceiptFormatters {
  t: TFunction;
  money(minor: number): string;
  date(iso: string): string;
}

export interface ReceiptRow {
  key: 'charged' | 'due' | 'plan' | 'card' | 'invoice' | 'discount' | 'tax' | 'next';
  label: string;
  value: string;
}

/** The payment summary: label and value rows, and at most one sentence under them. */
export interface ReceiptView {
  rows: ReceiptRow[];
  note: string | null;
}

/** "Visa ending in 4242"; a brand we do not name is still named by its last four digits. */
export function cardText(card: ReceiptFacts['card'], t: TFunction): string | null {
  if (!card) return null;
  if (!card.last4) return card.brand;
  return card.brand ? t('receipt.cardBrand', { brand: card.brand, last4: card.last4 }) : t('receipt.cardNoBrand', { last4: card.last4 });
}

/** What follows today: the next charge (or, after a trial, the first), an invoice in manual payments mode, or a free renewal. */
function nextRow(r: ReceiptFacts, f: ReceiptFormatters): ReceiptRow | null {
  const n = r.next;
  if (!n) return null;
  if (n.amount === 0) return { key: 'next', label: f.t('receipt.nextRenewal'), value: f.t('receipt.renewsFree', { date: f.date(n.date) }) };
  const label = !n.automatic ? 'receipt.nextInvoice' : n.endsTrial ? 'receipt.afterTrial' : 'receipt.nextCharge';
  return { key: 'next', label: f.t(label), value: f.t('receipt.amountOn', { amount: f.money(n.amount), date: f.date(n.date) }) };
}

/**
 * What a paid sign-up states (issue 13 section 3 item 4). Money wording never misleads: the first
 * row is what was charged today — $0.00 for a trial, a card only saved (payments mode manual), or a
 * capture that has not gone through — and an amount still owed says so as 'Amount due'; then the plan
 * and its term, the card, the invoice, its discount and tax, and what follows and when.
 */
export function receiptView(r: ReceiptFacts, f: ReceiptFormatters): ReceiptView {
  const { t } = f;
  const inv = r.invoice;
  const paid = inv?.paid ?? 0;
  const rows: ReceiptRow[] = [{ key: 'charged', label: t('receipt.chargedToday'), value: f.money(paid) }];
  if (inv && inv.total > paid) rows.push({ key: 'due', label: t('receipt.amountDue'), value: f.money(inv.total - paid) });
  rows.push({ key: 'plan', label: t('receipt.plan'), value: t(`receipt.planTerm.${r.term}`, { plan: r.plan }) });
  const card = cardText(r.card, t);
  if (card) rows.push({ key: 'card', label: t('receipt.card'), value: card });
  if (inv) {
    rows.push({ key: 'invoice', label: t('receipt.invoice'), value: t('receipt.invoiceNumber', { number: inv.number }) });
    if (inv.discount > 0) rows.push({ key: 'discount', label: t('receipt.discount'), value: t('receipt.discountAmount', { amount: f.money(inv.discount) }) });
    if (inv.tax > 0) rows.push({ key: 'tax', label: t('receipt.tax'), value: f.money(inv.tax) });
  }
  const next = nextRow(r, f);
  if (next) rows.push(next);

  let note: string | null = null;
  if (paid > 0) note = r.next ? null : t('receipt.nothingFollows');
  else if (r.card) note = t(r.next?.endsTrial ? 'receipt.savedForTrial' : inv && inv.total > 0 ? 'receipt.notChargedYet' : 'receipt.saved');
  return { rows, note };
}
