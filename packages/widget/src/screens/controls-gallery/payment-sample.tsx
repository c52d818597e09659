import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PaymentController, PaymentIntentRequest, PaymentOutcome } from '../../payments/payment-types.ts';
import { usePaymentRedirect } from '../../payments/use-payment-redirect.ts';

const PaymentEntry = lazy(() => import('../../payments/payment-entry.tsx'));

/**
 * The payment entry on its own (internal harness): the configured gateway's form for a sign-up
 * draft of the first paid plan, a Pay button that confirms it, and what came back, including the
 * return from the authentication step. Shown on request, so opening the gallery asks the server
 * for no intent.
 */
export function PaymentSample() {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const [open, setOpen] = useState(false);
  const [complete, setComplete] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const redirect = usePaymentRedirect();
  const controller = useRef<PaymentController | null>(null);
  // The first plan with something due at sign-up (a rate, no trial): what the sample pays for.
  const plan = settings.PlanFamilies.flatMap((f) => f.Plans).find((p) => (p.MonthlyRate ?? 0) > 0 && !p.TrialPeriodDays && !p.TrialUntilDate)?.Uid ?? null;
  const request = useMemo<PaymentIntentRequest | null>(() => (plan ? { intentType: 'payment', subscription: { Plan: { Uid: plan }, BillingRenewalTerm: 'Monthly', Quantity: 1 } } : null), [plan]);

  useEffect(() => {
    if (redirect) setOutcome(t(redirect.status === 'succeeded' ? 'gallery.payment.authenticated' : 'gallery.payment.authenticationFailed'));
  }, [redirect, t]);

  const show = (o: PaymentOutcome) => {
    if (o.kind === 'done') setOutcome(t('gallery.payment.done', { token: o.result.PaymentToken ?? '' }));
    else if (o.kind === 'authenticate') setOutcome(t('gallery.payment.needsAuthentication'));
    else if (o.kind === 'hidden') setOutcome(t('gallery.payment.hidden'));
    else setOutcome(null);
  };

  return (
    <section className="p-gallery" aria-labelledby="gallery-payment-heading">
      <h3 id="gallery-payment-heading">{t('gallery.payment.heading')}</h3>
      <p role="status">{outcome}</p>
      {!open ? (
        <button type="button" className="p-btn p-btn-secondary" onClick={() => setOpen(true)}>{t('gallery.payment.open')}</button>
      ) : (
        <form aria-labelledby="gallery-payment-heading" noValidate onSubmit={(e) => { e.preventDefault(); void controller.current?.confirm().then(show); }}>
          <Suspense fallback={<Spinner />}>
            <PaymentEntry request={request} amount={null} onComplete={setComplete} onResult={show} controllerRef={controller} />
          </Suspense>
          <button type="submit" className="p-btn p-btn-primary p-btn-block" aria-describedby="gallery-payment-state">{t('gallery.payment.pay')}</button>
          <p id="gallery-payment-state" className="p-muted">{t(complete ? 'gallery.payment.complete' : 'gallery.payment.incomplete')}</p>
        </form>
      )}
    </section>
  );
}
