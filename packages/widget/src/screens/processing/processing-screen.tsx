import { useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import { registrationFields, type FieldValues } from '@portico/core/fields/index';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi, useQueryCache } from '../../api/use-api-query.ts';
import { asProblem } from '../../api/api-problem.ts';
import { readClaims } from '../../auth/claims.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { catalogFromSettings, findPlan } from '../../components/billing/catalog.ts';
import { useFlowDraft } from '../../flow/use-flow-draft.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { cancelIntent, savePaymentInformation } from '../../payments/payment-api.ts';
import { takeImageAfterRedirect } from '../../signup/redirect-image.ts';
import type { PaymentRedirect } from '../../payments/payment-redirect.ts';
import { usePaymentRedirect } from '../../payments/use-payment-redirect.ts';
import { signupSheetRef } from '../../signup/setup.ts';
import {
  DRAFT, TERMS_AT, chargeAccountFrom, registrationBody, subscriptionBody, termsRequiredAt, withoutReturnKeys,
} from '../../signup/signup-logic.ts';
import { confirmationParams } from '../../signup/confirmation-params.ts';
import { registerWith } from '../../signup/submit-signup.ts';
import { useNonce } from '../../signup/use-nonce.ts';
import { checkoutDraft } from '../checkout/checkout-logic.ts';
import { processingStep, RECENT_START_MS } from './processing-logic.ts';
import { changeSubscription } from '../plan-change/plan-change-calls.ts';
import { changeBody, completeChange } from '../plan-change/complete-change.ts';

/**
 * The redirect's values: read by the loader when the page loaded (and removed from the address bar
 * there, before anything else could act on them), or still in the address when processing was
 * opened another way (read here; removed once the screen has committed, see usePaymentRedirect).
 */
function fromParams(params: ScreenProps<'processing'>['params']): PaymentRedirect | null {
  return params.redirectStatus
    ? { status: params.redirectStatus, paymentIntent: params.paymentIntent ?? null, setupIntent: params.setupIntent ?? null, clientSecret: params.clientSecret ?? null }
    : null;
}

/**
 * processing ('Completing sign up', spec 1 section 4 "Return from the payment redirect"): the
 * landing screen after the bank's authentication step. It reads and strips redirect_status,
 * payment_intent and setup_intent, then: a failure goes back to where the payment started with
 * Errors.PaymentInformationSetupFailed; a sign-up is submitted from the flow draft; a payment
 * method is saved (then billing); a plan change is made (then planChangeConfirmation); anything
 * else goes to profile.
 */
export default function ProcessingScreen({ params }: ScreenProps<'processing'>) {
  const { t } = useTranslation();
  const { settings, actions, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const flow = useFlowDraft();
  const nonce = useNonce();
  const inAddress = usePaymentRedirect();
  const [redirect] = useState(() => fromParams(params) ?? inAddress);
  const [nothing, setNothing] = useState(false);
  const started = useRef(false);
  const latest = useRef({ flow, nonce, settings, params, actions, runtime, api, cache });
  latest.current = { flow, nonce, settings, params, actions, runtime, api, cache };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const clean = withoutReturnKeys(window.location.href);
    if (clean !== window.location.href) window.history.replaceState(window.history.state, '', clean);
    const { flow, nonce, settings, params, actions, runtime, api, cache } = latest.current;
    const draft = flow.draft;
    const step = processingStep(redirect, params.action, params.from, { signUpDraft: !!draft?.planUid });
    const secret = redirect?.clientSecret ?? null;
    const giveUp = () => (secret && !redirect?.setupIntent ? cancelIntent(api, secret).catch(() => undefined) : undefined);

    switch (step.kind) {
      case 'nothing':
        setNothing(true);
        return;
      case 'failed':
        actions.goTo(step.state, {}, { errors: [{ code: step.code }], replace: true });
        return;
      case 'profile':
        actions.goTo('profile', {}, { replace: true });
        return;
      case 'savePaymentInformation': {
        const accountUid = readClaims(runtime.token.get())?.accountUid;
        if (!accountUid || !secret) {
          actions.goTo('updatePaymentInformation', {}, { errors: [{ code: ErrorCode.PaymentInformationSetupFailed }], replace: true });
          return;
        }
        savePaymentInformation(api, accountUid, { PaymentClientSecret: secret, CustomerToken: null, PaymentToken: null, NameOnCard: null, mode: 'enter' }).then(() => {
          runtime.events.emit('paymentInformation.update', { accountUid });
          actions.goTo('billing', {}, { replace: true });
        }, (err: unknown) => actions.goTo('updatePaymentInformation', {}, { errors: asProblem(err), replace: true }));
        return;
      }
      case 'changePlan': {
        // The change the bank's step was for (the plan change's draft), sent again with the intent the customer authenticated.
        const subscriptionUid = readClaims(runtime.token.get())?.subscriptionUid;
        const body = draft ? changeBody(draft) : null;
        if (!subscriptionUid || !body) {
          actions.goTo('planOptionsChange', {}, { errors: [{ code: ErrorCode.PaymentInformationSetupFailed }], replace: true });
          return;
        }
        const plan = findPlan(catalogFromSettings(settings), body.Plan.Uid);
        changeSubscription(api, subscriptionUid, { ...body, ...(secret && !redirect?.setupIntent ? { PaymentClientSecret: secret } : {}) }, crypto.randomUUID()).then(async (answer) => {
          flow.clear();
          await completeChange({ api, cache, runtime }, answer, RECENT_START_MS);
          actions.goTo('planChangeConfirmation', { ...(plan ? { plan: plan.Name } : {}), outcome: 'changed' }, { replace: true });
        }, async (err: unknown) => {
          await giveUp();
          actions.goTo('planOptionsChange', {}, { errors: asProblem(err), replace: true });
        });
        return;
      }
      case 'signUp': {
        const fields = registrationFields(settings.FieldConfiguration.Registration);
        const values = (draft?.fields ?? {}) as FieldValues;
        const account = chargeAccountFrom(values);
        const catalog = catalogFromSettings(settings);
        const body = registrationBody({
          fields, values,
          subscription: draft ? subscriptionBody(checkoutDraft(catalog, {}, draft), account) : null,
          termsAccepted: termsRequiredAt(settings, TERMS_AT.registration) ? values[DRAFT.terms] === true : null,
          optIn: settings.EmailList ? values[DRAFT.optIn] === true : null,
          googleIdToken: typeof values[DRAFT.google] === 'string' ? values[DRAFT.google] as string : null,
        });
        const captchaToken = typeof values[DRAFT.captcha] === 'string' ? values[DRAFT.captcha] as string : null;
        takeImageAfterRedirect().then((image) => registerWith({ api, flow, events: runtime.events, nonce }, body, {
          paymentInformation: secret ? { PaymentClientSecret: secret, ...(redirect?.setupIntent ? { SetupIntent: redirect.setupIntent } : {}) } : null,
          captchaToken, image, onFailure: giveUp,
        })).then(
          (answer) => actions.goTo('registerConfirmation', confirmationParams(answer, catalog.currency), { replace: true }),
          (err: unknown) => actions.goTo(step.onFailure, {}, { errors: asProblem(err), replace: true }),
        );
        return;
      }
    }
  }, [redirect]);

  return (
    <div ref={signupSheetRef}>
      <ScreenHeading>{t('states.processing')}</ScreenHeading>
      {nothing ? (
        <p className="p-lead">{t('signup.processing.nothing')}</p>
      ) : (
        <div className="p-processing">
          <Spinner />
          <p className="p-muted">{t('signup.processing.working')}</p>
        </div>
      )}
    </div>
  );
}
