import { describe, expect, it } from 'vitest';
import { getI18n } from '../../app/i18n.ts';
import { formatAmount, formatDate } from '../../components/billing/format.ts';
import type { ReceiptFacts } from '../../flow/receipt-facts.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enReceipt } from './en-receipt.ts';
import { receiptView, type ReceiptFormatters } from './payment-receipt-logic.ts';

const i18n = getI18n();
registerLazyStrings(i18n, 'receipt', enReceipt);
const f: ReceiptFormatters = { t: i18n.t.bind(i18n), money: (m) => formatAmount(m, 'USD', 'en-US'), date: (d) => formatDate(d, 'en-US') };

/** The summary as a person reads it: "label: value" per row, then the sentence under them. */
const read = (r: ReceiptFacts) => {
  const v = receiptView(r, f);
  return [...v.rows.map((row) => `${row.label}: ${row.value}`), ...(v.note ? [v.note] : [])];
};

const visa = { brand: 'Visa', last4: '4242' };
/** Pro, monthly, paid in full today: $128.00 (79.00 + 49.00 setup), then $79.00 a month. */
const monthly: ReceiptFacts = {
  plan: 'Pro', term: 'Monthly', currency: 'USD',
  invoice: { number: 1042, total: 12800, paid: 12800, tax: 0, discount: 0 },
  card: visa,
  next: { date: '2026-04-15', amount: 7900, endsTrial: false, automatic: true },
};

describe('the payment summary on registerConfirmation', () => {
  it('monthly, paid today: what was charged, the plan and term, the card, the invoice, the next charge and its day', () => {
    expect(read(monthly)).toEqual([
      'Charged today: $128.00',
      'Plan: Pro, billed monthly',
      'Card: Visa ending in 4242',
      'Invoice: #1042',
      'Next charge: $79.00 on Apr 15, 2026',
    ]);
  });

  it('yearly: the term and the charge a year later', () => {
    expect(read({ ...monthly, term: 'Yearly', invoice: { ...monthly.invoice!, total: 94800, paid: 94800 }, next: { ...monthly.next!, date: '2027-03-15', amount: 94800 } }))
      .toEqual(['Charged today: $948.00', 'Plan: Pro, billed yearly', 'Card: Visa ending in 4242', 'Invoice: #1042', 'Next charge: $948.00 on Mar 15, 2027']);
    expect(read({ ...monthly, term: 'Quarterly' })[1]).toBe('Plan: Pro, billed every 3 months');
  });

  it('a discount and tax: the amount charged is the discounted total with tax; the discount and the tax inside it are shown; the next charge is the renewal\'s own price', () => {
    // WELCOME20 (once) on 79.00 + 49.00 in California: 102.40 + 7.42 tax = 109.82; the renewal is 79.00 + 5.73 tax.
    expect(read({ ...monthly, invoice: { number: 7, total: 10982, paid: 10982, tax: 742, discount: 2560 }, next: { ...monthly.next!, amount: 8473 } })).toEqual([
      'Charged today: $109.82',
      'Plan: Pro, billed monthly',
      'Card: Visa ending in 4242',
      'Invoice: #7',
      'Discount: −$25.60',
      'Tax: $7.42',
      'Next charge: $84.73 on Apr 15, 2026',
    ]);
  });

  it('a trial: nothing charged today, the card saved, the first charge and its day', () => {
    expect(read({ ...monthly, plan: 'Starter', invoice: null, next: { date: '2026-03-29', amount: 3110, endsTrial: true, automatic: true } })).toEqual([
      'Charged today: $0.00',
      'Plan: Starter, billed monthly',
      'Card: Visa ending in 4242',
      'After your free trial: $31.10 on Mar 29, 2026',
      'Your card is saved. Nothing is charged until your free trial ends.',
    ]);
  });

  it('payments mode manual: the card saved, nothing charged, the amount still due, and an invoice (not a charge) next', () => {
    expect(read({ ...monthly, invoice: { ...monthly.invoice!, paid: 0 }, next: { ...monthly.next!, automatic: false } })).toEqual([
      'Charged today: $0.00',
      'Amount due: $128.00',
      'Plan: Pro, billed monthly',
      'Card: Visa ending in 4242',
      'Invoice: #1042',
      'Next invoice: $79.00 on Apr 15, 2026',
      'Your card is saved. Nothing has been charged to it yet.',
    ]);
  });

  it('a one-time purchase says nothing more is charged; a code that made today free keeps the card for what follows', () => {
    expect(read({ ...monthly, term: 'OneTime', next: null }).slice(-2)).toEqual(['Invoice: #1042', 'Nothing more is charged after today.']);
    expect(read({ ...monthly, invoice: { number: 8, total: 0, paid: 0, tax: 0, discount: 12800 } })).toEqual([
      'Charged today: $0.00', 'Plan: Pro, billed monthly', 'Card: Visa ending in 4242', 'Invoice: #8', 'Discount: −$128.00',
      'Next charge: $79.00 on Apr 15, 2026', 'Your card is saved for the payments that follow.',
    ]);
  });

  it('a renewal with nothing to pay says so instead of a $0.00 charge; a card of a brand not named shows its last four digits', () => {
    const rows = read({ ...monthly, card: { brand: null, last4: '0005' }, next: { ...monthly.next!, amount: 0 } });
    expect(rows).toContain('Card: Card ending in 0005');
    expect(rows).toContain('Next renewal: Apr 15, 2026, nothing to pay');
    expect(rows.join('\n')).not.toContain('Next charge');
  });
});
