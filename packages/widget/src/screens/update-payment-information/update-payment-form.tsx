import { useCallback, useMemo, useRef, useState } from 'react';
import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import type { FieldValues } from '@portico/core/fields/index';
import type { StateName } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { BILLING_QUERY_PREFIX, billingKey, fetchInvoices } from '../billing/billing-calls.ts';
import { dueNow, type DueNow } from './due-now.ts';
import { ApiProblem } from '../../api/api-problem.ts';
import { ErrorList } from '../../components/error-list.tsx';
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
 * The card form of an existing account (spec 1 and 2 "Update payment information"): the card input
 * (the payments component, a setup intent on the account), the terms when terms acceptance is
 * configured for the update location, and Save; an optional Cancel. The updatePaymentInformation
 * screen and the billing screen's inline update both use it. `returnTo` is the state a card
 * provider's redirect comes back to.
 */
export function UpdatePaymentForm({ accountUid, returnTo, label, onSaved, cancel }: {
  accountUid: string; returnTo: StateName; label: string; onSaved(notice: string): void; cancel?: { label: string; run(): void };
}) {
  const { t, i18n } = useTranslation();
  const { settings, runtime } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const incoming = useIncomingErrors();
  const termsRequired = termsRequiredAt(settings, TERMS_AT.updatePaymentInformation);
  const validate = useCallback((values: FieldValues): FieldError[] =>
    (termsRequired && values[DRAFT.terms] !== true ? [{ Field: DRAFT.terms, ErrorCode: ErrorCode.Required, Message: '' }] : []), [termsRequired]);
  const form = useForm({ fields: NO_FIELDS, validate });
  const payment = useRef<PaymentController | null>(null);
  const [complete, setComplete] = useState(false);
  const request = useMemo<PaymentIntentRequest | null>(() => ({ intentType: 'setup', accountUid }), [accountUid]);
  // An open invoice (a failed renewal) is charged as soon as the card is saved: the screen says so, never 'Nothing is charged now'.
  const invoices = useApiQuery(billingKey(accountUid, 'invoices:0'), (a) => fetchInvoices(a, 0));
  const due: DueNow | null = invoices.data ? dueNow(invoices.data.items) : null;
  const dueAmount = due ? formatAmount(due.amountMinor, due.currency, i18n.language) : '';

  const save = form.handleSubmit(async () => {
    const outcome = await payment.current?.confirm();
    if (!outcome || outcome.kind !== 'done') return;
    try {
      await savePaymentInformation(api, accountUid, outcome.result);
    } catch (err) {
      // Spec 1 section 8: a 429 on saving payment leaves the error display hidden.
      if (err instanceof ApiProblem && err.kind === 'rate-limited') return;
      throw err;
    }
    // The open invoices are being charged: the billing screen reads its invoices and next payment again.
    if (due) cache.invalidate(BILLING_QUERY_PREFIX);
    runtime.events.emit('paymentInformation.update', { accountUid });
    onSaved(due ? t('signup.updatePayment.savedPaying', { amount: dueAmount }) : t('signup.updatePayment.saved'));
  });

  return (
    <div ref={signupSheetRef}>
      <form className="p-signup" noValidate onSubmit={save} aria-label={label}>
        <ErrorList errors={[...incoming, ...form.errorList]} />
        <PaymentSection
          request={request}
          amount={null}
          amountText=""
          help={!due ? t('signup.updatePayment.help')
            : due.count === 1 ? t('signup.updatePayment.helpDue', { number: due.invoiceNumber, amount: dueAmount })
            : t('signup.updatePayment.helpDueMany', { count: due.count, amount: dueAmount })}
          returnUrl={signupReturnUrl(window.location.href, 'savePaymentInformation', returnTo)}
          controllerRef={payment}
          onComplete={setComplete}
        />
        {termsRequired && settings.TermsText && <TermsCheckbox form={form} html={settings.TermsText} />}
        <SubmitBar label={due ? t('signup.updatePayment.saveAndPay', { amount: dueAmount }) : t('signup.updatePayment.save')} blockers={!complete ? ['payment'] : []} busy={form.busy} />
        {cancel && (
          <button type="button" className="p-btn p-btn-secondary p-btn-block" style={{ marginTop: 8 }} onClick={cancel.run}>{cancel.label}</button>
        )}
      </form>
    </div>
  );
}
