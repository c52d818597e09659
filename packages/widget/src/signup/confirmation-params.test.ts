import { describe, expect, it } from 'vitest';
import { readReceiptFacts } from '../flow/receipt-facts.ts';
import { parseStateParams } from '../flow/state-params.ts';
import { confirmationParams } from './confirmation-params.ts';
import type { RegistrationAnswer } from './signup-logic.ts';

/** The parts of POST /crm/registrations' answer the confirmation reads (docs/registration.md "The answer"). */
const answer = (over: Partial<RegistrationAnswer> = {}): RegistrationAnswer => ({
  Person: { Uid: 'p', Email: 'ada@example.com', FirstName: 'Ada', LastName: null, ProfileImageUrl: null, EmailConfirmed: false },
  Subscription: { Plan: { Name: 'Pro' }, BillingRenewalTerm: 'Monthly' },
  Invoice: { Uid: 'i', InvoiceNumber: 12, InvoiceDate: '2026-03-15', Currency: 'USD', Total: 137.28, AmountPaid: 137.28, Tax: 9.28, Discount: 0, Status: 'Paid' },
  PaymentMethod: { Brand: 'Visa', Last4: '4242' },
  NextRenewal: { Date: '2026-04-15', Amount: 84.73, EndsTrial: false, ChargedAutomatically: true },
  RequiresConfirmation: true, CreatedWithGoogle: false,
  ...over,
} as unknown as RegistrationAnswer);

describe('from the registration answer to registerConfirmation', () => {
  it('a paid sign-up carries what was paid (minor units) and what follows, and the params reader keeps it', () => {
    const params = confirmationParams(answer(), 'USD');
    expect(params).toEqual({
      variant: 'almostDone', email: 'ada@example.com',
      receipt: {
        plan: 'Pro', term: 'Monthly', currency: 'USD',
        invoice: { number: 12, total: 13728, paid: 13728, tax: 928, discount: 0 },
        card: { brand: 'Visa', last4: '4242' },
        next: { date: '2026-04-15', amount: 8473, endsTrial: false, automatic: true },
      },
    });
    expect(parseStateParams('registerConfirmation', params as Record<string, unknown>)).toEqual(params);
  });

  it('a trial (no invoice, a card saved) prices its renewal in the site\'s currency; a free sign-up has no summary', () => {
    expect(confirmationParams(answer({ Invoice: null }), 'EUR').receipt).toMatchObject({ currency: 'EUR', invoice: null, next: { amount: 8473 } });
    expect(confirmationParams(answer({ Invoice: null, PaymentMethod: null }), 'USD')).toEqual({ variant: 'almostDone', email: 'ada@example.com' });
    expect(confirmationParams(answer({ Subscription: null }), 'USD').receipt).toBeUndefined();
  });

  it('a host page\'s malformed receipt param is dropped, not shown', () => {
    // State params carry it as an object; the payment summary reads it in full (payment-receipt.tsx).
    const receipt = confirmationParams(answer(), 'USD').receipt!;
    const good = readReceiptFacts(receipt)!;
    expect(good).toBe(receipt);
    for (const bad of [null, 'x', { ...good, term: 'Weekly' }, { ...good, invoice: { ...good.invoice, paid: '1' } }, { ...good, card: { brand: 1 } }, { ...good, next: { ...good.next, automatic: 'yes' } }]) {
      expect(readReceiptFacts(bad)).toBeUndefined();
    }
  });
});
