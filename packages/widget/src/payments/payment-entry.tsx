import { lazy, Suspense, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { ErrorCode } from '@portico/core';
import { ApiProblem, problemErrors } from '../api/api-problem.ts';
import { useApi } from '../api/use-api-query.ts';
import { useWidget } from '../app/context.ts';
import { ErrorList } from '../components/error-list.tsx';
import type { DisplayError } from '../components/error-list-logic.ts';
import { Spinner } from '../components/spinner.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { reportSetupFailure } from './payment-api.ts';
import { currentReturnUrl, markEmbedded } from './payment-redirect.ts';
import type { GatewayConfirm, GatewayEntryProps, PaymentController, PaymentIntentRequest, PaymentOutcome } from './payment-types.ts';
import { paymentsSheetRef } from './setup.ts';
import { usePaymentIntent } from './use-payment-intent.ts';

// One chunk per gateway: a sandbox page never downloads Stripe's code, and a Stripe page never the card form.
const SandboxCardForm = lazy(() => import('./sandbox-card-form.tsx'));
const StripePaymentElement = lazy(() => import('./stripe-payment-element.tsx'));

export interface PaymentEntryProps {
  /** What the intent pays; null while there is nothing to pay for yet (no plan chosen). */
  request: PaymentIntentRequest | null;
  /** Due now in major units, from the charge summary: a change re-requests the intent. */
  amount: number | null;
  /** Stripe: show the address element (tax on and the account has no billing country). */
  collectAddress?: boolean;
  /** Where the authentication step returns; default this page (without old redirect values). */
  returnUrl?: string;
  onComplete(complete: boolean): void;
  onResult?(outcome: PaymentOutcome): void;
  controllerRef: Ref<PaymentController | null>;
}

/**
 * The payment method entry of checkout and updatePaymentInformation (spec 1 section 2 "Payment
 * form"): asks the server for the intent, shows the configured gateway's entry (the sandbox's
 * native card form, or Stripe's Payment Element), and confirms it when the screen submits
 * (`controllerRef.current.confirm()`). Shows 'Authenticate your payment' when the bank asks.
 * Demo mode runs the same code: the demo transport answers the intent, and the demo chunk plays
 * the sandbox's script (demo/demo-sandbox.ts), so nothing is tokenized or charged.
 */
export default function PaymentEntry({ request, amount, collectAddress = false, returnUrl, onComplete, onResult, controllerRef }: PaymentEntryProps) {
  const { t } = useTranslation();
  const { settings, runtime, mode } = useWidget();
  const api = useApi();
  const live = usePaymentIntent(request, amount);
  const intent = live.intent;
  const confirmStep = useRef<(() => Promise<GatewayConfirm>) | null>(null);
  const [authenticate, setAuthenticate] = useState<(() => void) | null>(null);
  const [errors, setErrors] = useState<DisplayError[]>([]);
  const [hidden, setHidden] = useState(false);
  const report = useRef(onResult);
  report.current = onResult;

  const register = useCallback((fn: (() => Promise<GatewayConfirm>) | null) => { confirmStep.current = fn; }, []);
  const finish = useCallback((outcome: PaymentOutcome): PaymentOutcome => {
    if (outcome.kind === 'hidden') setHidden(true);
    if (outcome.kind === 'failed') setErrors(outcome.errors);
    report.current?.(outcome);
    return outcome;
  }, []);

  // A new intent (the amount changed) starts clean: old provider errors no longer apply (spec 1 section 8).
  useEffect(() => {
    setErrors([]);
    setAuthenticate(null);
  }, [intent?.ClientSecret]);

  useEffect(() => {
    if (live.limited) finish({ kind: 'hidden' });
  }, [live.limited, finish]);

  useImperativeHandle(controllerRef, () => ({
    async confirm(): Promise<PaymentOutcome> {
      const step = confirmStep.current;
      if (!intent || !step) return finish({ kind: 'failed', errors: [{ code: ErrorCode.PaymentInformationSetupFailed }] });
      setErrors([]);
      const r = await step();
      if (r.status === 'succeeded') {
        live.handOver();
        return finish({
          kind: 'done',
          result: { NameOnCard: r.nameOnCard, CustomerToken: intent.CustomerToken, PaymentClientSecret: intent.ClientSecret, PaymentToken: r.paymentToken, mode: 'enter' },
        });
      }
      if (r.status === 'requires_action') {
        setAuthenticate(() => () => {
          live.handOver();
          r.authenticate();
        });
        return finish({ kind: 'authenticate' });
      }
      if (intent.IsSetupIntent && !r.atFields) {
        // Spec 1 section 7 "sf"; a 429 on it hides the card form (section 8).
        const limited = await reportSetupFailure(api, intent.ClientSecret, request?.accountUid).then(() => false, (e: unknown) => e instanceof ApiProblem && e.kind === 'rate-limited');
        if (limited) return finish({ kind: 'hidden' });
      }
      if (r.atFields) {
        report.current?.({ kind: 'failed', errors: r.errors });
        return { kind: 'failed', errors: r.errors };
      }
      return finish({ kind: 'failed', errors: r.errors });
    },
    async cancel() {
      setAuthenticate(null);
      await live.cancel();
    },
  }), [intent, live, finish, api, request?.accountUid]);

  if (hidden || live.limited) return null;
  const gateway = settings.PaymentSettings.GatewayActivationStatus;
  const entryProps: Omit<GatewayEntryProps, 'intent'> = {
    publishableKey: settings.PaymentSettings.PublishableKey ?? '',
    returnUrl: markEmbedded(returnUrl ?? currentReturnUrl(), mode === 'embed'),
    collectAddress, onComplete, register, server: runtime.config.server,
  };

  return (
    <div ref={paymentsSheetRef} className="p-pay-entry">
      <ErrorList errors={errors} />
      {live.problem && (
        <div className="p-pay-auth">
          <ErrorList errors={problemErrors(live.problem)} />
          <button type="button" className="p-btn p-btn-secondary" onClick={live.retry}>{t('payments.retry')}</button>
        </div>
      )}
      {authenticate && (
        <div className="p-pay-auth">
          <p>{t('payments.authenticateHelp')}</p>
          <button type="button" className="p-btn p-btn-primary p-btn-block" onClick={authenticate}>{t('payments.authenticate')}</button>
        </div>
      )}
      {!intent && live.loading && <Spinner />}
      {intent && (
        <Suspense fallback={<Spinner />}>
          {gateway === 'StripeEnabled'
            ? <StripePaymentElement key={intent.ClientSecret} intent={intent} {...entryProps} />
            : <SandboxCardForm intent={intent} {...entryProps} />}
        </Suspense>
      )}
    </div>
  );
}
