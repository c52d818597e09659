import { describe, expect, test } from 'vitest';
import { dueNow } from './due-now.ts';

const invoice = (n: number, status: 'Open' | 'Paid' | 'Void', amount: number) => ({
  Uid: `inv-${n}`, InvoiceNumber: n, InvoiceDate: '2026-12-28', BillingInvoiceStatus: status, Amount: amount, Currency: 'USD',
});

describe('dueNow: what saving a card pays at once', () => {
  test('nothing when every invoice is paid or void', () => {
    expect(dueNow([invoice(2, 'Paid', 84.73), invoice(1, 'Void', 10)])).toBeNull();
  });
  test('the open invoice, in minor units', () => {
    expect(dueNow([invoice(2, 'Open', 84.73), invoice(1, 'Paid', 137.28)])).toEqual({ count: 1, amountMinor: 8473, currency: 'USD', invoiceNumber: 2 });
  });
  test('two open invoices add up', () => {
    expect(dueNow([invoice(3, 'Open', 84.73), invoice(2, 'Open', 79)])).toMatchObject({ count: 2, amountMinor: 16373, invoiceNumber: 3 });
  });
});
