import { toMajor } from '@portico/core';
import type { Plan } from '@portico/core';
import { dayToIso, toDay, trialEndDay, type InvoiceDisplayItem } from '@portico/core/billing/index';
import { cardBrandName } from '@portico/core/payments/card-brands';
import { computeRenewalSummary } from '../billing/compute-charge-summary.ts';
import type { ResolvedRequest } from '../billing/resolve-subscription-request.ts';
import type { SignupReceipt } from '../mail/receipt-mail.ts';
import type { RegistrationDeps, VerifiedSignupPayment } from './registration-deps.ts';
import type { RegistrationInput, RegistrationOut } from './registration.schemas.ts';

/**
 * What a paid sign-up tells the person about the money (issue 13 section 3 item 4): the card, the
 * invoice's tax and discount, and what follows. The registration's answer (the confirmation screen)
 * and the receipt mail state these same facts; every amount comes from core's charge and renewal
 * summaries, none is computed here.
 */

/** The card (or bank account) the customer completed the intent with; null when none was given. */
export function paidWith(verified: VerifiedSignupPayment | null): SignupReceipt['card'] {
  if (!verified) return null;
  const m = verified.paymentMethod;
  return { brand: cardBrandName(m.cardType) ?? m.bankName, last4: m.last4 };
}

/** The discount taken off before tax and the tax, of an invoice's lines (minor units, both ≥ 0). */
export function invoiceParts(lines: readonly Pick<InvoiceDisplayItem, 'LineItemType' | 'Amount' | 'Tax'>[]): { tax: number; discount: number } {
  return {
    tax: lines.reduce((n, l) => n + l.Tax, 0),
    discount: -lines.filter((l) => l.LineItemType === 5).reduce((n, l) => n + l.Amount, 0),
  };
}

/**
 * The first renewal of the new subscription (core's renewal summary, priced like its due-now invoice:
 * the same subscription and address), whether it is the end of a trial, and whether the saved method
 * pays it by itself (automatic payments with a method saved) or it waits as an invoice (manual mode).
 * Null when nothing renews (a one-time purchase).
 */
export async function firstRenewal(deps: RegistrationDeps, body: RegistrationInput, plan: Plan | null, card: SignupReceipt['card']): Promise<SignupReceipt['next']> {
  if (!body.Subscription || !plan) return null;
  const renewal = await computeRenewalSummary(deps.billing, { ...body.Subscription, Account: { BillingAddress: body.Account.BillingAddress ?? null } });
  if (renewal.InvoiceDate === null) return null;
  const trialEnd = trialEndDay(plan, toDay(deps.billing.clock.now()));
  return {
    date: renewal.InvoiceDate, amount: renewal.Total,
    endsTrial: trialEnd !== null && dayToIso(trialEnd) === renewal.InvoiceDate,
    chargedAutomatically: card !== null && deps.billing.config.billing.paymentsMode !== 'manual',
  };
}

/** The answer's `PaymentMethod`. */
export function paymentMethodOut(card: SignupReceipt['card']): RegistrationOut['PaymentMethod'] {
  return card ? { Brand: card.brand, Last4: card.last4 } : null;
}

/** The answer's `NextRenewal` (major units, like every answer). */
export function nextRenewalOut(next: SignupReceipt['next'], currency: string): RegistrationOut['NextRenewal'] {
  return next ? { Date: next.date, Amount: toMajor(next.amount, currency), EndsTrial: next.endsTrial, ChargedAutomatically: next.chargedAutomatically } : null;
}

/** The receipt of the sign-up's invoice once its payment is booked in full (the mail's facts). */
export function signupReceipt(
  invoice: { number: number; date: string; currency: string; total: number; lines: readonly InvoiceDisplayItem[] },
  sub: Pick<ResolvedRequest, 'plan' | 'term'>, card: SignupReceipt['card'], next: SignupReceipt['next'],
): SignupReceipt {
  return {
    invoiceNumber: invoice.number, invoiceDate: invoice.date, currency: invoice.currency, amountPaid: invoice.total,
    ...invoiceParts(invoice.lines), plan: sub.plan.Name, term: sub.term, card, next,
  };
}
