import { useCallback, useMemo } from 'react';
import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import { registrationFields, type FieldValues } from '@portico/core/fields/index';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { billingSheetRef } from '../../components/billing/setup.ts';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { PlanDetailBlock } from '../../components/billing/plan-detail-block.tsx';
import { TermSelector } from '../../components/billing/term-selector.tsx';
import { planTerms } from '../../components/billing/term-selector-logic.ts';
import { PlanOptionsEditor } from '../../components/billing/plan-options-editor.tsx';
import { hasPlanQuantity, setDraftTerm } from '../../components/billing/subscription-draft.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { useForm } from '../../forms/use-form.ts';
import { signupSheetRef } from '../../signup/setup.ts';
import { SubmitBar, TermsCheckbox } from '../../signup/signup-parts.tsx';
import {
  DRAFT, TERMS_AT, chargeAccountFrom, hasRegistration, registrationBody, subscriptionBody, termsRequiredAt,
} from '../../signup/signup-logic.ts';
import { confirmationParams } from '../../signup/confirmation-params.ts';
import { useSignupCheckout } from '../../signup/use-signup-checkout.tsx';
import { checkoutDraft, submitLabelKey } from './checkout-logic.ts';

const NO_FIELDS = [] as const;

/**
 * checkout (spec 1 section 2): the plan options, the order summary (with the discount code), the
 * payment method section when payment is required, the terms, the captcha and the button:
 * 'Complete sign up' when nothing is due now, else 'Sign up and pay {amount}'. It submits the
 * registration register gathered (kept in the flow draft); without one it leads to register.
 */
export default function CheckoutScreen({ params }: ScreenProps<'checkout'>) {
  const { t } = useTranslation();
  const { settings, actions } = useWidget();
  const catalog = catalogFromSettings(settings);
  const flow = useFlowDraft();
  const incoming = useIncomingErrors();
  const shown = useCallback((d: SubscriptionDraft | null) => checkoutDraft(catalog, params, d), [catalog, params]);
  const draft = useMemo(() => shown(flow.draft), [shown, flow.draft]);
  const edit = (fn: (d: SubscriptionDraft) => SubscriptionDraft) => flow.editSubscription(fn, shown);
  const plan = findPlan(catalog, draft.planUid);
  const saved = useMemo(() => flow.draft?.fields ?? {}, [flow.draft]);
  const registered = hasRegistration(saved);
  const termsRequired = registered && termsRequiredAt(settings, TERMS_AT.registration) && saved[DRAFT.terms] !== true;
  const validate = useCallback((values: FieldValues): FieldError[] =>
    (termsRequired && values[DRAFT.terms] !== true ? [{ Field: DRAFT.terms, ErrorCode: ErrorCode.Required, Message: '' }] : []), [termsRequired]);
  const form = useForm({ fields: NO_FIELDS, validate });
  const fields = useMemo(() => registrationFields(settings.FieldConfiguration.Registration), [settings]);
  const account = useMemo(() => chargeAccountFrom(saved as FieldValues), [saved]);
  const termsAccepted = !termsRequired || form.values[DRAFT.terms] === true;
  const checkout = useSignupCheckout({ form, draft, plan, account, submits: registered && !!plan, from: 'checkout', termsRequired, termsAccepted });
  const terms = useMemo(() => (plan ? planTerms(plan) : []), [plan]);
  const changePlan = params.fixedPlan ? undefined : () => actions.goTo('selectPlan', { nextState: 'checkout' });

  const save = form.handleSubmit(async ({ raw }) => {
    if (!registered) return actions.goTo('register', params.fixedPlan ? { fixedPlan: true } : {});
    if (checkout.mustWait) return;
    const values = { ...(saved as FieldValues), ...raw };
    const body = registrationBody({
      fields, values,
      subscription: subscriptionBody(draft, account),
      termsAccepted: termsRequiredAt(settings, TERMS_AT.registration) ? values[DRAFT.terms] === true : null,
      optIn: settings.EmailList ? values[DRAFT.optIn] === true : null,
    });
    const result = await checkout.submit(body, values, null);
    if (result.kind === 'done') {
      actions.goTo('registerConfirmation', confirmationParams(result.answer, catalog.currency), { replace: true });
    }
  });

  if (!plan) {
    return (
      <div>
        <ScreenHeading>{t('states.checkout')}</ScreenHeading>
        <p className="p-lead">{t('billing.checkout.noPlan')}</p>
        <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('selectPlan', { nextState: 'checkout' })}>{t('billing.checkout.choosePlan')}</button>
      </div>
    );
  }

  const label = registered ? checkout.submitLabel(submitLabelKey(checkout.dueNow)) : t('signup.submitContinueToRegister');
  // Issue 15: on a wide embed the order summary sits beside the form, as Stripe Checkout's does (signup.css, a
  // container query, so a popup or a narrow embed keeps one column). The DOM order is the one-column reading order
  // (plan options, summary, payment…), so focus follows what is seen in both layouts.
  return (
    <div ref={signupSheetRef} className="p-checkout-layout">
      <ScreenHeading>{t('states.checkout')}</ScreenHeading>
      <form ref={billingSheetRef} className="p-signup p-checkout" noValidate onSubmit={save} aria-label={t('states.checkout')} {...checkout.captchaStart}>
        <div className="p-checkout-head">
          <ErrorList errors={[...incoming, ...form.errorList]} />
          <section className="p-bill-section" aria-labelledby="p-checkout-options">
            <h3 id="p-checkout-options">{t('billing.options.heading')}</h3>
            <TermSelector terms={terms} value={draft.term} onChange={(term) => edit((d) => setDraftTerm(d, term))} />
            <PlanDetailBlock item={plan} term={draft.term} currency={catalog.currency}
              {...(hasPlanQuantity(plan) ? { quantity: draft.quantity } : {})} {...(changePlan ? { onChangePlan: changePlan } : {})} />
            <PlanOptionsEditor plan={plan} draft={draft} currency={catalog.currency} onUpdate={edit} />
          </section>
        </div>
        <div className="p-checkout-summary">{checkout.orderSummary}</div>
        <div className="p-checkout-rest">
          {checkout.paymentSection}
          {termsRequired && settings.TermsText && <TermsCheckbox form={form} html={settings.TermsText} />}
          {checkout.captcha}
          <SubmitBar label={label} blockers={checkout.blockers} busy={form.busy} />
        </div>
      </form>
    </div>
  );
}
