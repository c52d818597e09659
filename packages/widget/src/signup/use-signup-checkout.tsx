import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorCode, toMajor } from '@portico/core';
import type { Plan } from '@portico/core';
import type { FieldValues } from '@portico/core/fields/index';
import { useWidget } from '../app/context.ts';
import { ApiProblem } from '../api/api-problem.ts';
import { useApi } from '../api/use-api-query.ts';
import { useCaptcha } from '../captcha/use-captcha.tsx';
import { DiscountCodeEntry } from '../components/billing/discount-code-entry.tsx';
import { formatAmount } from '../components/billing/format.ts';
import { OrderSummary } from '../components/billing/order-summary.tsx';
import type { ChargeAccount, SubscriptionDraft } from '../components/billing/subscription-draft.ts';
import { useChargeSummary } from '../components/billing/use-charge-summary.ts';
import { useDiscountCode } from '../components/billing/use-discount-code.ts';
import { useFlowDraft } from '../flow/use-flow-draft.ts';
import type { FormApi } from '../forms/use-form.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import type { PaymentController, PaymentIntentRequest } from '../payments/payment-types.ts';
import { PaymentSection } from './signup-parts.tsx';
import { isPaymentRequired, signupReturnUrl, subscriptionBody, submitBlockers, type RegistrationBody, type SubmitBlocker } from './signup-logic.ts';
import { submitSignup, type SignupResult } from './submit-signup.ts';
import { useNonce } from './use-nonce.ts';

export interface SignupCheckoutOptions {
  form: FormApi;
  draft: SubscriptionDraft;
  plan: Plan | null;
  account: ChargeAccount | null;
  /** The sign-up is submitted from this screen (payment, captcha and the pay button show here). */
  submits: boolean;
  from: 'register' | 'checkout';
  termsRequired: boolean;
  termsAccepted: boolean;
  newRequiredQuantity?: number | null;
}

/**
 * What register (on one screen) and checkout share: the charge summary and the order summary
 * with the discount code, the payment section, the captcha, what blocks the pay button, and the
 * submit steps of spec 1 section 4.
 */
export function useSignupCheckout(o: SignupCheckoutOptions) {
  const { t, i18n } = useTranslation();
  const { settings, runtime } = useWidget();
  const api = useApi();
  const flow = useFlowDraft();
  const nonce = useNonce();
  const currency = settings.PaymentSettings.Currency || 'USD';
  const summary = useChargeSummary(o.draft, o.account);
  const discount = useDiscountCode(currency, o.plan?.Uid ?? null, o.draft.coupon?.code ?? null);
  const payment = useRef<PaymentController | null>(null);
  const [paymentComplete, setPaymentComplete] = useState(false);
  // Starts on the visitor's first interaction with the form (captchaStart on the form); the submit waits for ALTCHA.
  const captchaForm = useCaptcha(o.submits);

  const dueNow = summary.now?.Total ?? 0;
  // No plan yet (register before plan selection): no amount to show, and no number formatting to make
  // (the page's first Intl.NumberFormat costs ~20 ms of a first screen).
  const amountText = o.plan ? formatAmount(dueNow, currency, i18n.language) : '';
  const paymentRequired = o.submits && !!o.plan && isPaymentRequired(dueNow, o.plan, settings.SignUp?.RequirePaymentInformation === true);
  const captchaRequired = captchaForm.required;
  const subscription = useMemo(() => subscriptionBody(o.draft, o.account), [o.draft, o.account]);
  // No email in it: typing the email must not ask the provider for a new intent each time (the
  // intent calls are rate limited, 30 a minute); the registration links the customer to the person.
  const intentRequest = useMemo<PaymentIntentRequest | null>(() => (paymentRequired && subscription && summary.now
    ? { intentType: dueNow > 0 && settings.PaymentSettings.PaymentsMode !== 'manual' ? 'payment' : 'setup', subscription }
    : null), [paymentRequired, subscription, summary.now, dueNow, settings.PaymentSettings.PaymentsMode]);

  // Errors on inputs block; a general one (no answer, too many requests) stays shown and a retry is allowed.
  const shownErrors = o.form.errorList.filter((e) => e.field).length;
  const blockers: SubmitBlocker[] = o.submits ? submitBlockers({
    updating: summary.busy || (!!o.plan && !summary.now),
    termsRequired: o.termsRequired, termsAccepted: o.termsAccepted,
    captchaMissing: captchaForm.missing,
    quantity: o.draft.quantity, newRequiredQuantity: o.newRequiredQuantity ?? null,
    paymentRequired, paymentComplete,
    errorsShown: shownErrors,
  }) : [];

  const editSubscription = (fn: (d: SubscriptionDraft) => SubscriptionDraft) => flow.editSubscription(fn, () => o.draft);
  const discountEntry: ReactNode = settings.DiscountsExist && o.plan ? (
    <DiscountCodeEntry
      applied={o.draft.coupon?.code ?? null}
      busy={discount.busy}
      errors={discount.errors}
      onRemove={() => editSubscription((d) => ({ ...d, coupon: null }))}
      onApply={async (code) => {
        const coupon = await discount.lookup(code);
        // Spec 4: a valid code replaces the coupons with that one; a failure clears the discount.
        editSubscription((d) => ({ ...d, coupon: coupon ? { code: coupon.UniqueIdentifier, planUids: coupon.PlanUids } : null }));
        return coupon !== null;
      }}
    />
  ) : null;

  const orderSummary = o.plan ? (
    <OrderSummary plan={o.plan} draft={o.draft} currency={currency} summary={summary} coupon={discount.coupon} discount={discountEntry} />
  ) : null;

  const paymentSection = paymentRequired ? (
    <PaymentSection
      request={intentRequest}
      amount={summary.now ? toMajor(dueNow, currency) : null}
      amountText={amountText}
      returnUrl={signupReturnUrl(window.location.href, 'signUp', o.from)}
      controllerRef={payment}
      onComplete={setPaymentComplete}
    />
  ) : null;

  const captcha = captchaForm.element;

  /** Checkout submit steps 1, 2, 4 and 5; a failure renews the captcha (its token may be spent) and rethrows for the form. */
  async function submit(body: RegistrationBody, raw: FieldValues, image: File | null): Promise<SignupResult> {
    // ALTCHA may still be working (or not started) when the button is pressed: the submit waits for it, before any payment step.
    const captchaToken = await captchaForm.waitForToken();
    if (captchaRequired && !captchaToken) throw new ApiProblem({ kind: 'client', status: 400, code: ErrorCode.CaptchaRequired });
    try {
      return await submitSignup({ api, flow, events: runtime.events, nonce }, {
        body, raw, subscription: o.plan ? o.draft : null, paymentRequired, payment: paymentRequired ? payment.current : null, captchaToken, image,
      });
    } catch (err) {
      if (captchaRequired) captchaForm.renew();
      throw err;
    }
  }

  /** Blockers that stop a click; the others (terms, an incomplete card, field errors) let the submit run and point at what is missing. */
  const mustWait = blockers.some((b) => b === 'updating' || b === 'captcha' || b === 'quantity');

  const submitLabel = (key: string) => (summary.busy ? t('signup.updating') : t(key, { amount: amountText }));
  return {
    summary, dueNow, amountText, paymentRequired, captchaRequired, blockers, mustWait, orderSummary, paymentSection, captcha,
    captchaStart: captchaForm.startOn, submit, submitLabel, discountEntry,
  };
}
