import { toMinor } from '@portico/core';
import type { ReceiptFacts } from '../flow/receipt-facts.ts';
import type { StateParams } from '../flow/state-params.ts';
import { confirmationVariant, type RegistrationAnswer } from './signup-logic.ts';

/**
 * What a paid sign-up states on its confirmation, from the registration's answer (docs/registration.md
 * "The answer"). None for a sign-up that bought nothing, or paid nothing and saved no card: there is
 * nothing to say about money. `siteCurrency` prices a renewal when no invoice was written today.
 */
export function receiptFacts(answer: RegistrationAnswer, siteCurrency: string): ReceiptFacts | undefined {
  const { Subscription: sub, Invoice: invoice, PaymentMethod: card, NextRenewal: next } = answer;
  if (!sub || (!invoice && !card)) return undefined;
  const currency = invoice?.Currency ?? siteCurrency;
  const minor = (major: number) => toMinor(major, currency);
  return {
    plan: sub.Plan.Name, term: sub.BillingRenewalTerm, currency,
    invoice: invoice && invoice.Status !== 'Void'
      ? { number: invoice.InvoiceNumber, total: minor(invoice.Total), paid: minor(invoice.AmountPaid), tax: minor(invoice.Tax), discount: minor(invoice.Discount) }
      : null,
    card: card ? { brand: card.Brand, last4: card.Last4 } : null,
    next: next ? { date: next.Date, amount: minor(next.Amount), endsTrial: next.EndsTrial, automatic: next.ChargedAutomatically } : null,
  };
}

/** registerConfirmation's params after a sign-up: which heading, where the mail went, and the payment's facts. */
export function confirmationParams(answer: RegistrationAnswer, siteCurrency: string): StateParams<'registerConfirmation'> {
  const receipt = receiptFacts(answer, siteCurrency);
  return { variant: confirmationVariant(answer), email: answer.Person.Email, ...(receipt ? { receipt } : {}) };
}
