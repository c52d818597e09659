import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import type { FieldValues } from '@portico/core/fields/index';
import type { ApiClient } from '../api/http.ts';
import type { DisplayError } from '../components/error-list-logic.ts';
import type { FlowDraftApi } from '../flow/use-flow-draft.ts';
import type { SubscriptionDraft } from '../components/billing/subscription-draft.ts';
import type { PaymentController } from '../payments/payment-types.ts';
import type { Emitter } from '../shared/events.ts';
import { confirmationPage, submitRegistration } from './registration-calls.ts';
import { preloadPaymentReceipt } from '../screens/register-confirmation/load-payment-receipt.ts';
import { forgetKeptImage, keepImageForRedirect } from './redirect-image.ts';
import { DRAFT, type RegistrationAnswer, type RegistrationBody } from './signup-logic.ts';
import type { NonceSource } from './use-nonce.ts';

export interface SignupDeps {
  api: ApiClient;
  flow: FlowDraftApi;
  events: Emitter;
  nonce: NonceSource;
}

export interface SignupInput {
  /** The registration without nonce, captcha token or payment. */
  body: RegistrationBody;
  /** The form's values as typed: cached in the flow draft so a payment redirect can finish the sign-up. */
  raw: FieldValues;
  /** The subscription as shown (a plan from the screen's params is not in the draft until now). */
  subscription: SubscriptionDraft | null;
  paymentRequired: boolean;
  payment: PaymentController | null;
  captchaToken: string | null;
  image: File | null;
}

export type SignupResult =
  | { kind: 'done'; answer: RegistrationAnswer }
  /** The bank asks for authentication: the payment entry shows 'Authenticate your payment'. */
  | { kind: 'authenticate' }
  /** The card step failed; the payment entry shows why (a declined card can be replaced at once). */
  | { kind: 'paymentFailed' };

/** A problem the form shows in its error list (and on the fields the server names). */
export function signupProblem(code: string, errors: readonly DisplayError[] = []): { code: string; fieldErrors: FieldError[] } {
  return { code, fieldErrors: errors.map((e) => ({ Field: '', ErrorCode: e.code as ErrorCode, Message: e.message ?? '' })) };
}

/**
 * Spec 1 section 4 "Checkout submit", for a new account: (1) the registration data is cached in
 * the flow draft, (2) the payment method is set up or the payment confirmed, (4) the account is
 * registered with the subscription, nonce, payment and captcha token; a failed register fetches a
 * new nonce, and (5) on any failure after the payment the intent is cancelled (its authorization
 * released) and the error shown. Host pages may abort through `signup.preRegister`.
 */
export async function submitSignup(deps: SignupDeps, input: SignupInput): Promise<SignupResult> {
  const shown = input.subscription;
  if (shown) deps.flow.editSubscription(() => shown);
  deps.flow.setFields({ ...input.raw, [DRAFT.captcha]: input.captchaToken ?? null, [DRAFT.google]: input.body.GoogleIdToken ?? null });
  deps.events.emit('signup.registrationData', { registration: input.body });
  let aborted = false;
  deps.events.emit('signup.preRegister', { registration: input.body, abort: () => { aborted = true; } });
  if (aborted) throw signupProblem('signup.aborted');

  let paymentInformation: RegistrationBody['PaymentInformation'] = null;
  if (input.paymentRequired) {
    if (!input.payment) throw signupProblem(ErrorCode.PaymentInformationSetupFailed);
    // The bank's authentication may reload the page before step 4: the image must survive it.
    await keepImageForRedirect(input.image);
    const outcome = await input.payment.confirm();
    if (outcome.kind === 'authenticate') return { kind: 'authenticate' };
    if (outcome.kind === 'failed') return { kind: 'paymentFailed' };
    if (outcome.kind === 'hidden') throw signupProblem(ErrorCode.TooManyRequests);
    paymentInformation = { PaymentClientSecret: outcome.result.PaymentClientSecret };
  }
  const answer = await registerWith(deps, input.body, {
    paymentInformation, captchaToken: input.captchaToken, image: input.image,
    onFailure: () => input.payment?.cancel(),
  });
  return { kind: 'done', answer };
}

/** Step 4 alone (also the redirect return's): register, renewing the nonce and giving the intent up on failure. */
export async function registerWith(
  deps: SignupDeps,
  body: RegistrationBody,
  extra: { paymentInformation: RegistrationBody['PaymentInformation']; captchaToken: string | null; image: File | null; onFailure?: () => Promise<void> | void },
): Promise<RegistrationAnswer> {
  // A paying sign-up ends on the payment summary: its chunk loads while the registration is sent.
  if (extra.paymentInformation) preloadPaymentReceipt();
  try {
    const nonce = await deps.nonce.take();
    const answer = await submitRegistration(deps.api, {
      ...body, Nonce: nonce,
      ...(extra.captchaToken ? { RecaptchaToken: extra.captchaToken } : {}),
      ...(extra.paymentInformation ? { PaymentInformation: extra.paymentInformation } : {}),
    }, { image: extra.image, confirmationUrl: confirmationPage(window.location.href) });
    deps.flow.clear();
    forgetKeptImage();
    deps.events.emit('signup', { accountUid: answer.Account.Uid, personUid: answer.Person.Uid, email: answer.Person.Email });
    return answer;
  } catch (err) {
    deps.nonce.renew();
    await Promise.resolve(extra.onFailure?.()).catch(() => undefined);
    throw err;
  }
}
