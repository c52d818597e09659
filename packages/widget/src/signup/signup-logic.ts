/**
 * The sign-up rules of spec 1 sections 2, 4 and 8 that decide what the screens show and send,
 * kept pure (tested without a DOM). The screens only wire them.
 */
import { ErrorCode } from '@portico/core';
import type { InitSettings, Plan, StateName } from '@portico/core';
import { normalizeForSubmit, toPayload, type ConfiguredField, type FieldValues } from '@portico/core/fields/index';
import { isPaymentDue, isPaymentInformationRequired } from '@portico/core/billing/payment-due';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import { draftSelections } from '../components/billing/order-summary-logic.ts';
import { chargeRequestBody } from '../components/billing/subscription-draft.ts';
import type { ChargeAccount, ComputeChargeSummaryBody, SubscriptionDraft } from '../components/billing/subscription-draft.ts';

export type RegistrationBody = RequestBody<Operation<'post', '/api/v1/crm/registrations'>>;
export type RegistrationAnswer = ResponseBody<Operation<'post', '/api/v1/crm/registrations'>>;

/** Terms-location flags (spec 1 section 3): Registration 1, UpdatePaymentInformation 2. */
export const TERMS_AT = { registration: 1, updatePaymentInformation: 2 } as const;

/** Flow-draft field names the sign-up keeps beside the form's own values (they survive the payment redirect). */
export const DRAFT = {
  terms: 'TermsAccepted',
  optIn: 'Person.OptInToEmailList',
  captcha: 'RecaptchaToken',
  /** A Google ID token the person signed up with (short-lived; sessionStorage only, like the draft). */
  google: 'GoogleIdToken',
  /** The password, when the company asks for one at sign-up: kept in memory only (flow-draft.ts never stores a password field). */
  password: 'Person.Password',
} as const;

/**
 * Register is the whole sign-up on one screen when a plan, a term and the skip-plan-options
 * setting are all present (spec 1 section 4: "the plan step is skipped and the charge summary is
 * fetched"); otherwise it gathers the person and continues to checkout.
 */
export function isOnePageSignUp(params: { planUid?: string; term?: string; skipPlanOptions?: boolean }, plan: Plan | null): boolean {
  return !!plan && !!params.term && params.skipPlanOptions === true;
}

/** Spec 1 section 2: 'Sign up' when nothing is due now, 'Sign up and pay {amount}', or 'Continue to checkout'. */
export function registerSubmitKey(onePage: boolean, dueNow: number): 'signup.submitContinue' | 'signup.submitFree' | 'signup.submitPay' {
  if (!onePage) return 'signup.submitContinue';
  return dueNow === 0 ? 'signup.submitFree' : 'signup.submitPay';
}

/** Spec 1 section 4: payment information is required when the total is above 0, or the plan (or the site) requires it (core's rule, the server's too). */
export function isPaymentRequired(dueNow: number, plan: Plan | null, siteRequires = false): boolean {
  return isPaymentInformationRequired(dueNow, plan, siteRequires);
}

/**
 * Issue 15: does this sign-up cost anything, now or later (core's isPaymentDue, the server's rule)?
 * Without a plan yet the answer is not known: the sign-up asks as if it did, since checkout, where
 * the plan is chosen, shows no fields.
 */
export function signupPaymentDue(plan: Plan | null, draft: SubscriptionDraft, settings: Pick<InitSettings, 'SignUp'>): boolean {
  if (!plan) return true;
  return isPaymentDue({ plan, term: draft.term, addOns: draftSelections(draft, plan) }, settings.SignUp?.RequirePaymentInformation === true);
}

/**
 * Register submits the sign-up itself when it is the whole sign-up on one screen, or when nothing
 * is due (issue 15: a free sign-up goes from register straight to the confirmation, with no
 * order summary and no checkout).
 */
export function registerSubmitsHere(onePage: boolean, plan: Plan | null, paymentDue: boolean): boolean {
  return onePage || (!!plan && !paymentDue);
}

/** Spec 1 section 5: "The terms checkbox must be ticked when terms are required for the registration location." */
export function termsRequiredAt(settings: Pick<InitSettings, 'TermsText' | 'TermsLocations'>, location: number): boolean {
  return !!settings.TermsText && (settings.TermsLocations & location) !== 0;
}

export type SubmitBlocker = 'updating' | 'terms' | 'captcha' | 'quantity' | 'payment' | 'errors';

/**
 * Spec 1 section 4 "Checkout submit": the button is disabled unless the terms are accepted
 * (when required), the captcha is solved (when required: ALTCHA solves itself, and the submit waits
 * for it rather than the button, captcha/use-captcha.tsx), the quantity meets any new required
 * quantity, the payment input is complete (when payment is required) and no errors show. A
 * recompute under way blocks too: the amount on the button may be about to change.
 */
export function submitBlockers(s: {
  updating: boolean;
  termsRequired: boolean; termsAccepted: boolean;
  /** A captcha the visitor completes (reCAPTCHA, Turnstile) without a token yet; ALTCHA is waited for by the submit (useCaptcha). */
  captchaMissing: boolean;
  quantity: number; newRequiredQuantity?: number | null;
  paymentRequired: boolean; paymentComplete: boolean;
  errorsShown: number;
}): SubmitBlocker[] {
  const out: SubmitBlocker[] = [];
  if (s.updating) out.push('updating');
  if (s.termsRequired && !s.termsAccepted) out.push('terms');
  if (s.captchaMissing) out.push('captcha');
  if (s.newRequiredQuantity != null && s.quantity < s.newRequiredQuantity) out.push('quantity');
  if (s.paymentRequired && !s.paymentComplete) out.push('payment');
  if (s.errorsShown > 0) out.push('errors');
  return out;
}

/**
 * The registration body from the form's values (configured fields through core's submit
 * normalization) and the sign-up's own inputs. Nonce, captcha token and payment are added at
 * submit (checkout submit step 4).
 */
export function registrationBody(input: {
  fields: readonly ConfiguredField[];
  values: FieldValues;
  subscription: ComputeChargeSummaryBody | null;
  termsAccepted: boolean | null;
  optIn: boolean | null;
  googleIdToken?: string | null;
}): RegistrationBody {
  const payload = toPayload(normalizeForSubmit(input.fields, input.values)) as { Person?: RegistrationBody['Person']; Account?: RegistrationBody['Account'] };
  const person: RegistrationBody['Person'] = { ...(payload.Person ?? {}) };
  if (input.optIn !== null) person.OptInToEmailList = input.optIn;
  // The password is not a configured field: sent exactly as typed (never trimmed), when one was asked for.
  const password = input.values[DRAFT.password];
  if (typeof password === 'string' && password !== '' && !input.googleIdToken) person.Password = password;
  const body: RegistrationBody = { Person: person, Account: payload.Account ?? {} };
  if (input.subscription) {
    // The charge summary's body, minus what a registration takes from the account itself.
    const { Account: _account, ...subscription } = input.subscription;
    body.Subscription = subscription;
  }
  if (input.termsAccepted !== null) body.TermsAccepted = input.termsAccepted;
  if (input.googleIdToken) body.GoogleIdToken = input.googleIdToken;
  return body;
}

export type ConfirmationVariant = 'thankYou' | 'almostDone' | 'almostDoneSetPassword' | 'accountCreated';

/**
 * Spec 1 section 2 registerConfirmation: Google → 'Account created'; a mailed link → 'Almost done'
 * (`almostDoneSetPassword` when the link is where the person sets their password, so the screen
 * says so); else 'Thank you'. An answer stored before SetPasswordLink existed lacks it.
 */
export function confirmationVariant(answer: Pick<RegistrationAnswer, 'CreatedWithGoogle' | 'RequiresConfirmation'> & { SetPasswordLink?: boolean }): ConfirmationVariant {
  if (answer.CreatedWithGoogle) return 'accountCreated';
  if (!answer.RequiresConfirmation) return 'thankYou';
  return answer.SetPasswordLink ? 'almostDoneSetPassword' : 'almostDone';
}

/** Query keys the widget adds to the page address the payment provider returns to. */
export const RETURN_KEYS = { action: 'portico_action', from: 'portico_from' } as const;

/** Where the bank's authentication step brings the customer back: this page, saying what to finish and from where. */
export function signupReturnUrl(href: string, action: 'signUp' | 'changePlan' | 'savePaymentInformation', from: StateName): string {
  const url = new URL(href);
  for (const k of ['redirect_status', 'payment_intent', 'setup_intent', 'payment_intent_client_secret', 'setup_intent_client_secret']) url.searchParams.delete(k);
  url.searchParams.set(RETURN_KEYS.action, action);
  url.searchParams.set(RETURN_KEYS.from, from);
  return url.toString();
}

/** The page address without the widget's return keys (after processing read them). */
export function withoutReturnKeys(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(RETURN_KEYS.action);
  url.searchParams.delete(RETURN_KEYS.from);
  return url.toString();
}

/** Spec 1 section 8: once the email check succeeds these no longer hold. */
export const CLEARED_BY_EMAIL_CHECK = [ErrorCode.Duplicate, 'Errors.Email.required'] as const;

/** The parts of the typed values that change the charge summary (tax by address and tax id). */
export function chargeAccountFrom(values: FieldValues): ChargeAccount | null {
  const address = (v: unknown) => (v && typeof v === 'object' ? v as { Country?: string; State?: string; PostalCode?: string } : null);
  const billing = address(values['Account.BillingAddress']);
  const mailing = address(values['Account.MailingAddress']);
  const taxId = values['Account.TaxIds'] as { TaxIdType?: string; TaxId?: string } | undefined;
  if (!billing && !mailing && !taxId) return null;
  const part = (a: ReturnType<typeof address>) => (a ? { Country: a.Country?.trim() || null, State: a.State?.trim() || null, PostalCode: a.PostalCode?.trim() || null } : null);
  return {
    BillingAddress: billing?.Country ? part(billing) : null,
    MailingAddress: mailing?.Country ? part(mailing) : null,
    TaxId: taxId?.TaxId?.trim() || null,
    TaxIdType: taxId?.TaxIdType || null,
  };
}

/** The sign-up's subscription as compute-charge-summary and the payment intent take it. */
export function subscriptionBody(draft: SubscriptionDraft, account: ChargeAccount | null): ComputeChargeSummaryBody | null {
  return draft.planUid ? chargeRequestBody({ ...draft, planUid: draft.planUid }, account) : null;
}

/** Whether the flow draft holds the person's registration (register ran): checkout can then submit it. */
export function hasRegistration(fields: Record<string, unknown>): boolean {
  return typeof fields['Person.Email'] === 'string' && fields['Person.Email'].trim() !== '' || typeof fields.GoogleIdToken === 'string';
}
