import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import { fieldsToAsk, registrationFields, type FieldValues } from '@portico/core/fields/index';
import { googleProfileToRegistration } from '@portico/core/signup/google-profile';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { billingSheetRef } from '../../components/billing/setup.ts';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { PlanDetailBlock } from '../../components/billing/plan-detail-block.tsx';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { planTerms } from '../../components/billing/term-selector-logic.ts';
import { hasPlanQuantity, setDraftTerm } from '../../components/billing/subscription-draft.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { useForm } from '../../forms/use-form.ts';
import { LazyGoogleSignInButton, readIdTokenClaims } from '../../google/lazy-google-sign-in-button.tsx';
import { useSystemDark } from '../../app/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { checkoutDraft } from '../checkout/checkout-logic.ts';
import { signupSheetRef } from '../../signup/setup.ts';
import { EmailUpdatesCheckbox, OrDivider, ProfileImageField, SubmitBar, TermsCheckbox } from '../../signup/signup-parts.tsx';
import {
  DRAFT, TERMS_AT, chargeAccountFrom, isOnePageSignUp, registerSubmitKey, registerSubmitsHere, registrationBody, signupPaymentDue, subscriptionBody,
  termsRequiredAt,
} from '../../signup/signup-logic.ts';
import { confirmationParams } from '../../signup/confirmation-params.ts';
import { useEmailCheck } from '../../signup/use-email-check.ts';
import { useSignupCheckout } from '../../signup/use-signup-checkout.tsx';
import { validateRegistration } from '../../signup/registration-calls.ts';

/** The password with its live policy check, when the company asks for one at sign-up: its own chunk, never loaded otherwise. */
const SignupPasswordField = lazy(() => import('../../passwords/signup-password-field.tsx'));

/**
 * register (spec 1 section 2 "Sign up"): in order, the billing-term selector, the plan with
 * 'Change plan' (unless the plan is fixed), Google sign-in with an 'OR' divider, the configured
 * fields and the profile image, the discount code (in the order summary when the sign-up ends
 * here), the payment section, the terms, 'Sign up for email updates', the captcha and the button:
 * 'Sign up' / 'Sign up and pay {amount}' when a plan, a term and skipPlanOptions make this the
 * whole sign-up, else 'Continue to checkout' (or on to selectPlan without a plan). Issue 15: a field
 * configured RequiredWhenPaymentDue is asked only when the plan costs something (core's isPaymentDue),
 * and with a plan where nothing is due register submits itself ('Sign up'), straight to the
 * confirmation, with no order summary or discount code.
 */
export default function RegisterScreen({ params }: ScreenProps<'register'>) {
  const { t } = useTranslation();
  const { settings, actions } = useWidget();
  const api = useApi();
  const dark = useSystemDark();
  const catalog = catalogFromSettings(settings);
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  const shown = useCallback((d: SubscriptionDraft | null) => checkoutDraft(catalog, params, d), [catalog, params]);
  const draft = useMemo(() => shown(flow.draft), [shown, flow.draft]);
  const plan = findPlan(catalog, draft.planUid);
  const onePage = isOnePageSignUp(params, plan);
  // Issue 15: a RequiredWhenPaymentDue field (the billing address) is asked only when the plan costs something,
  // and a sign-up where nothing is due is submitted here, straight to the confirmation.
  const paymentDue = signupPaymentDue(plan, draft, settings);
  const submitsHere = registerSubmitsHere(onePage, plan, paymentDue);
  const fields = useMemo(
    () => fieldsToAsk(registrationFields(settings.FieldConfiguration.Registration, { paymentDue }), paymentDue),
    [settings, paymentDue],
  );
  const termsRequired = termsRequiredAt(settings, TERMS_AT.registration);
  const [image, setImage] = useState<File | null>(null);
  const [googleToken, setGoogleToken] = useState<string | null>(null);
  const [autoSubmit, setAutoSubmit] = useState(false);
  // registration.requirePassword: the password is asked here (a Google sign-up needs none); otherwise it is set from the mailed link.
  const askPassword = settings.SignUp?.RequirePassword === true && !googleToken;

  // The values typed earlier in this flow (back from checkout, or after a payment redirect).
  const [initialValues] = useState(() => {
    const saved = flow.draft?.fields ?? {};
    const known = new Set([...fields.map((f) => f.path), DRAFT.terms, DRAFT.optIn, DRAFT.password]);
    return Object.fromEntries(Object.entries(saved).filter(([k]) => known.has(k))) as FieldValues;
  });
  const validate = useCallback((values: FieldValues): FieldError[] => [
    ...(termsRequired && values[DRAFT.terms] !== true ? [{ Field: DRAFT.terms, ErrorCode: ErrorCode.Required, Message: '' }] : []),
    ...(askPassword && !values[DRAFT.password] ? [{ Field: DRAFT.password, ErrorCode: ErrorCode.Required, Message: '' }] : []),
  ], [termsRequired, askPassword]);
  // A taken email (Errors.Duplicate, from the email check or the sign-up) offers 'Log in instead', with the address filled in.
  const errorAction = useCallback((path: string, code: string, values: FieldValues) => {
    if (path !== 'Person.Email' || code !== ErrorCode.Duplicate) return undefined;
    const email = typeof values[path] === 'string' ? values[path].trim() : '';
    return { label: t('signup.logInInstead'), run: () => actions.goTo('login', email ? { email } : {}) };
  }, [t, actions]);
  const form = useForm({ fields, initialValues, validate, errorAction });
  useEmailCheck(form);

  const account = useMemo(() => chargeAccountFrom(form.values), [form.values]);
  const checkout = useSignupCheckout({
    form, draft, plan, account, submits: submitsHere, from: 'register',
    termsRequired, termsAccepted: form.values[DRAFT.terms] === true,
  });
  const terms = useMemo(() => (plan ? planTerms(plan) : []), [plan]);
  const edit = (fn: (d: SubscriptionDraft) => SubscriptionDraft) => flow.editSubscription(fn, shown);

  const save = form.handleSubmit(async ({ raw }) => {
    if (submitsHere && checkout.mustWait) return;
    const body = registrationBody({
      fields, values: raw,
      subscription: submitsHere ? subscriptionBody(draft, account) : null,
      termsAccepted: termsRequired ? raw[DRAFT.terms] === true : null,
      optIn: settings.EmailList ? raw[DRAFT.optIn] === true : null,
      googleIdToken: googleToken,
    });
    if (!submitsHere) {
      // Nothing is written yet: the server checks the person now, so errors show here and not at checkout.
      await validateRegistration(api, body, image);
      // The plan may have come from params: checkout reads it from the draft.
      if (plan) edit(() => draft);
      flow.setFields(raw);
      if (plan) actions.goTo('checkout', params.fixedPlan ? { fixedPlan: true } : {});
      else actions.goTo('selectPlan', { nextState: 'checkout' });
      return;
    }
    const result = await checkout.submit(body, raw, image);
    if (result.kind === 'done') {
      actions.goTo('registerConfirmation', confirmationParams(result.answer, catalog.currency), { replace: true });
    }
  });

  // Spec 1 section 4: "Google sign-in with full valid data submits automatically."
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!autoSubmit) return;
    setAutoSubmit(false);
    void saveRef.current();
  }, [autoSubmit]);
  const onGoogle = (idToken: string) => {
    const claims = readIdTokenClaims(idToken);
    if (!claims) return;
    const filled = googleProfileToRegistration(claims, fields, form.values, form.rules);
    form.setValues(filled.values);
    setGoogleToken(idToken);
    if (filled.complete) setAutoSubmit(true);
  };

  if (!settings.RegistrationEnabled) {
    return (
      <div>
        <ScreenHeading>{t('states.register')}</ScreenHeading>
        <p className="p-lead">{t('signup.closed')}</p>
      </div>
    );
  }

  const changePlan = params.fixedPlan ? undefined : () => actions.goTo('selectPlan', { nextState: 'register' });
  // Issue 15: a one-page paid sign-up lays out as checkout does (signup.css): on a wide embed the order summary
  // sits beside the form; otherwise a wide embed keeps the form to a readable column instead of 1,000 px fields.
  // The DOM order stays the one-column reading order (plan, fields, summary, payment…), so focus follows what is seen.
  const withSummary = paymentDue && onePage;
  return (
    <div ref={signupSheetRef} className={withSummary ? 'p-checkout-layout' : 'p-checkout-layout p-register-narrow'}>
      <ScreenHeading>{t('states.register')}</ScreenHeading>
      <form ref={billingSheetRef} className={withSummary ? 'p-signup p-checkout' : 'p-signup'} noValidate onSubmit={save} aria-label={t('states.register')} {...checkout.captchaStart}>
        <div className="p-checkout-head">
          <ErrorList errors={[...incoming, ...form.errorList]} />
          {plan ? (
            <div className="p-signup-section">
              <TermSelector terms={terms} value={draft.term} onChange={(term) => edit((d) => setDraftTerm(d, term))} />
              <PlanDetailBlock item={plan} term={draft.term} currency={catalog.currency}
                {...(hasPlanQuantity(plan) ? { quantity: draft.quantity } : {})} {...(changePlan ? { onChangePlan: changePlan } : {})} />
            </div>
          ) : (
            <p className="p-help">{t('signup.noPlanYet')}</p>
          )}
          {settings.GoogleOAuthClientId && (
            <>
              <Suspense fallback={null}>
                <LazyGoogleSignInButton clientId={settings.GoogleOAuthClientId} onCredential={onGoogle} dark={dark && settings.Theme.displayMode !== 'light'} />
              </Suspense>
              <OrDivider />
            </>
          )}
          {googleToken && <p className="p-help" role="status">{t('signup.googleCompleting')}</p>}
          <div className="p-signup-fields">
            <ConfiguredFields form={form} />
            {askPassword && <Suspense fallback={null}><SignupPasswordField form={form} path={DRAFT.password} policy={settings.PasswordPolicy} /></Suspense>}
            <ProfileImageField onFile={setImage} />
          </div>
        </div>
        {/* Nothing due: no order summary and no discount code (a $0.00 summary only repeats 'Free'). */}
        {withSummary ? <div className="p-checkout-summary">{checkout.orderSummary}</div> : null}
        <div className="p-checkout-rest">
          {paymentDue && !onePage ? checkout.discountEntry : null}
          {checkout.paymentSection}
          {termsRequired && settings.TermsText && <TermsCheckbox form={form} html={settings.TermsText} />}
          <EmailUpdatesCheckbox form={form} />
          {checkout.captcha}
          <SubmitBar
            label={submitsHere ? checkout.submitLabel(registerSubmitKey(true, checkout.dueNow)) : t(registerSubmitKey(false, 0))}
            blockers={checkout.blockers}
            busy={form.busy}
          />
        </div>
      </form>
    </div>
  );
}
