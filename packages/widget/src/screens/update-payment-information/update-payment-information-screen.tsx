import { useCallback, useMemo, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import type { FieldValues } from '@portico/core/fields/index';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ApiProblem } from '../../api/api-problem.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { useSession } from '../../session/use-session.ts';
import { useIncomingErrors } from '../../flow/incoming-errors.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { savePaymentInformation } from '../../payments/payment-api.ts';
import type { PaymentController, PaymentIntentRequest } from '../../payments/payment-types.ts';
import { signupSheetRef } from '../../signup/setup.ts';
import { PaymentSection, SubmitBar, TermsCheckbox } from '../../signup/signup-parts.tsx';
import { DRAFT, TERMS_AT, signupReturnUrl, termsRequiredAt } from '../../signup/signup-logic.ts';

const NO_FIELDS = [] as const;

/**
 * updatePaymentInformation (spec 1 section 2): the title, the card input (the payments
 * component, a setup intent on the account), the terms when terms acceptance is configured for
 * this location (spec 1 section 5 "Terms"), and a full-width Save.
 */
export default function UpdatePaymentInformationScreen({ params }: ScreenProps<'updatePaymentInformation'>) {
  const { t } = useTranslation();
  const { settings, actions, runtime } = useWidget();
  const api = useApi();
  const incoming = useIncomingErrors();
  const accountUid = useSession().claims?.accountUid ?? null;
  const termsRequired = termsRequiredAt(settings, TERMS_AT.updatePaymentInformation);
  const validate = useCallback((values: FieldValues): FieldError[] =>
    (termsRequired && values[DRAFT.terms] !== true ? [{ Field: DRAFT.terms, ErrorCode: ErrorCode.Required, Message: '' }] : []), [termsRequired]);
  const form = useForm({ fields: NO_FIELDS, validate });
  const payment = useRef<PaymentController | null>(null);
  const [complete, setComplete] = useState(false);
  const request = useMemo<PaymentIntentRequest | null>(() => (accountUid ? { intentType: 'setup', accountUid } : null), [accountUid]);

  const save = form.handleSubmit(async () => {
    const outcome = await payment.current?.confirm();
    if (!outcome || outcome.kind !== 'done' || !accountUid) return;
    try {
      await savePaymentInformation(api, accountUid, outcome.result);
    } catch (err) {
      // Spec 1 section 8: a 429 on saving payment leaves the error display hidden.
      if (err instanceof ApiProblem && err.kind === 'rate-limited') return;
      throw err;
    }
    runtime.events.emit('paymentInformation.update', { accountUid });
    actions.notify(t('signup.updatePayment.saved'));
    actions.goTo(params.nextState ?? 'billing');
  });

  // Signed in (the outlet's gate) but with no account to pay for.
  if (!accountUid) {
    return (
      <div>
        <ScreenHeading>{t('states.updatePaymentInformation')}</ScreenHeading>
        <p className="p-lead">{t('signup.updatePayment.signedOut')}</p>
      </div>
    );
  }
  return (
    <div ref={signupSheetRef}>
      <ScreenHeading>{t('states.updatePaymentInformation')}</ScreenHeading>
      <form className="p-signup" noValidate onSubmit={save} aria-label={t('states.updatePaymentInformation')}>
        <ErrorList errors={[...incoming, ...form.errorList]} />
        <PaymentSection
          request={request}
          amount={null}
          amountText=""
          help={t('signup.updatePayment.help')}
          returnUrl={signupReturnUrl(window.location.href, 'savePaymentInformation', 'updatePaymentInformation')}
          controllerRef={payment}
          onComplete={setComplete}
        />
        {termsRequired && settings.TermsText && <TermsCheckbox form={form} html={settings.TermsText} />}
        <SubmitBar label={t('signup.updatePayment.save')} blockers={!complete ? ['payment'] : []} busy={form.busy} />
      </form>
    </div>
  );
}
