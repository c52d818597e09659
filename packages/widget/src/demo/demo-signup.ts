import { ErrorCode } from '@portico/core';
import { displayName } from '@portico/core/profile/display-name';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import { computeChargeSummary } from './demo-billing.ts';
import { demoCardFor } from './demo-sandbox.ts';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { demoSubscription } from './demo-subscription.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Demo answers of the sign-up and payment calls (spec 1 section 1: nothing is sent, but the flow
 * runs as it would): the email check, validation, the nonce, the payment intent and its sandbox
 * confirmation (demo-sandbox.ts), the registration with what was paid, and saving a card. Nothing
 * is stored: a new page starts over.
 */
type IntentQuery = { intentType?: unknown; accountUid?: unknown };
type IntentBody = RequestBody<Operation<'post', '/api/v1/billing/paymentinformation/intent'>>;
type Intent = ResponseBody<Operation<'post', '/api/v1/billing/paymentinformation/intent'>>;
type RegistrationBody = RequestBody<Operation<'post', '/api/v1/crm/registrations'>>;
type Registration = ResponseBody<Operation<'post', '/api/v1/crm/registrations'>>;
type SavedCard = ResponseBody<Operation<'post', '/api/v1/billing/paymentinformation'>>;
type SubscriptionBody = NonNullable<RegistrationBody['Subscription']>;

const currency = DEMO_SETTINGS.PaymentSettings.Currency;
let sequence = 1;
const nextId = (prefix: string) => `${prefix}_demo_${sequence++}`;

/** GET /crm/registrations/email-exists: the demo personas' addresses are taken. */
export function demoEmailExists(email: string): { Result: boolean } {
  const typed = email.trim().toLowerCase();
  return { Result: Object.values(DEMO_PERSONA_DATA).some((p) => p.person?.Email.toLowerCase() === typed) };
}

export const demoNonce = (): { Value: string } => ({ Value: nextId('nonce') });

/** POST /billing/paymentinformation/intent: what the draft costs now (core's charge summary), or a setup intent. */
export function demoIntent(query: IntentQuery, body: IntentBody, now: Date): Intent {
  const subscription = body.Subscription as SubscriptionBody | undefined;
  const due = query.intentType === 'setup' || !subscription ? 0 : computeChargeSummary(subscription, 'now', now).Total;
  return {
    ClientSecret: body.ClientSecret ?? `${nextId('pi')}_secret`, CustomerToken: null, IsSetupIntent: due === 0, IsPaymentAuthentication: false,
    OutstandingAmount: due, Currency: currency, PaymentToken: null, Email: body.Email ?? null,
  };
}

const BRANDS: [RegExp, string][] = [[/^4/, 'Visa'], [/^5[1-5]|^2[2-7]/, 'Mastercard'], [/^3[47]/, 'American Express'], [/^6/, 'Discover']];
const brandOf = (digits: string): string | null => BRANDS.find(([re]) => re.test(digits))?.[1] ?? null;

/** POST /billing/paymentinformation: the card the demo sandbox confirmed for that intent. */
export function demoSaveCard(body: RequestBody<Operation<'post', '/api/v1/billing/paymentinformation'>>, now: Date): SavedCard {
  const card = demoCardFor(body.PaymentClientSecret ?? '');
  if (!card) throw new DemoRefusal(400, ErrorCode.PaymentInformationSetupFailed);
  return {
    Uid: nextId('pm'), PaymentMethodType: 'Card', Gateway: 'Sandbox', CardType: brandOf(card.digits), LastFourDigits: card.digits.slice(-4),
    ExpirationMonth: card.month, ExpirationYear: card.year, NameOnCard: body.NameOnCard ?? null, BankName: null, BankAccountType: null,
    CustomerToken: null, PaymentToken: body.PaymentToken ?? null, LatestFailureDateTime: null, Updated: now.toISOString(),
  };
}

function subscriptionOf(body: SubscriptionBody, accountUid: string, now: Date): NonNullable<Registration['Subscription']> {
  const subscription = demoSubscription({
    uid: nextId('sub'), accountUid, planUid: body.Plan.Uid, term: body.BillingRenewalTerm, quantity: body.Quantity ?? 1, start: now,
    addOns: (body.SubscriptionAddOns ?? []).filter((s) => s.selected !== false && s.Quantity !== 0)
      .map((s) => ({ addOnUid: s.AddOn.Uid, quantity: s.Quantity ?? 1, uid: nextId('sao') })),
  });
  if (!subscription) throw new DemoRefusal(404, ErrorCode.PlanNotFound);
  return subscription;
}

/**
 * POST /crm/registrations: the account as a server would answer it, with the first invoice and the
 * card when something was paid now, and the first renewal. The demo confirms no email: 'Thank you'
 * (or 'Account created' after Google).
 */
export function demoRegister(body: RegistrationBody, now: Date): Registration {
  const person = body.Person;
  const email = person.Email?.trim() ?? '';
  if (!email) throw new DemoRefusal(400, ErrorCode.Required, [{ Field: 'Person.Email', ErrorCode: ErrorCode.Required, Message: 'Email is required.' }]);
  if (demoEmailExists(email).Result) throw new DemoRefusal(409, ErrorCode.Duplicate, [{ Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'This email is already used.' }]);
  const personUid = nextId('per');
  const accountUid = nextId('acc');
  const contact = { Uid: personUid, Email: email, FirstName: person.FirstName ?? null, LastName: person.LastName ?? null };
  const subscription = body.Subscription ? subscriptionOf(body.Subscription, accountUid, now) : null;
  const today = body.Subscription ? computeChargeSummary(body.Subscription, 'now', now) : null;
  const renewal = body.Subscription && body.Subscription.BillingRenewalTerm !== 'OneTime' ? computeChargeSummary(body.Subscription, 'renewal', now) : null;
  const card = demoCardFor(body.PaymentInformation?.PaymentClientSecret ?? '');
  const discount = today ? -today.InvoiceDisplayItems.filter((i) => i.Total < 0).reduce((sum, i) => sum + i.Total, 0) : 0;
  const answer: Registration = {
    Account: {
      Uid: accountUid, Name: body.Account?.Name || displayName(contact.FirstName, contact.LastName, email), AccountType: 1,
      BillingAddress: null, TaxStatus: null, CurrentSubscription: subscription, LatestSubscription: subscription, PrimaryContact: contact,
      PersonAccount: [{ Uid: nextId('pa'), IsPrimary: true, ReceiveInvoices: true, Person: contact }],
    },
    Person: { ...contact, EmailConfirmed: false, ProfileImageUrl: null },
    Subscription: subscription,
    Invoice: today && today.Total > 0 ? {
      Uid: nextId('inv'), InvoiceNumber: 1000 + sequence, InvoiceDate: today.InvoiceDate, Currency: currency,
      Total: today.Total, AmountPaid: today.Total, Tax: 0, Discount: discount, Status: 'Paid',
    } : null,
    PaymentMethod: card ? { Brand: brandOf(card.digits), Last4: card.digits.slice(-4) } : null,
    NextRenewal: renewal ? {
      Date: renewal.InvoiceDate.slice(0, 10), Amount: renewal.Total, EndsTrial: (subscription?.Plan.TrialPeriodDays ?? 0) > 0, ChargedAutomatically: card !== null,
    } : null,
    RequiresConfirmation: false,
    SetPasswordLink: false,
    CreatedWithGoogle: Boolean(body.GoogleIdToken),
  };
  return answer;
}
