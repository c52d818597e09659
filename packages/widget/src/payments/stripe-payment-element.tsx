import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { AddressElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { ErrorCode } from '@portico/core';
import { PROVIDER_NAME_ON_CARD_REQUIRED_MESSAGE } from '@portico/core/payments/card-rules';
import { ErrorList } from '../components/error-list.tsx';
import type { DisplayError } from '../components/error-list-logic.ts';
import { Spinner } from '../components/spinner.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLightDomSlot } from '../app/use-light-dom-slot.tsx';
import { COMPLETENESS_DEBOUNCE_MS, type GatewayConfirm, type GatewayEntryProps } from './payment-types.ts';
import { paymentsSheetRef } from './setup.ts';

/** Stripe.js once per publishable key (loadStripe injects https://js.stripe.com/v3 into the page's head). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = stripes.get(key);
  if (!p) {
    p = loadStripe(key);
    p.catch(() => stripes.delete(key));
    stripes.set(key, p);
  }
  return p;
}

/** Stripe's own message is the customer's (spec 1 section 8: "shown with the provider's message as both code and message"). */
const providerError = (message: string | undefined): DisplayError[] => {
  const text = message ?? 'Errors.PaymentInformationSetupFailed';
  return [{ code: text, message: text }];
};

/**
 * Stripe's Payment Element (and Address Element when tax is on and the account has no billing
 * country). Stripe refuses to mount inside a shadow root, so the Elements render through a portal
 * into a light-DOM child of the widget's host and appear here through a named <slot>. Setup
 * intents confirm as a card setup, payment intents as a payment saved for off-session use (the
 * server made the intent with setup_future_usage=off_session). 3-D Secure runs in Stripe's own
 * dialog during confirm; an intent still needing action offers 'Authenticate your payment'.
 */
export default function StripePaymentElement(props: GatewayEntryProps) {
  const { t } = useTranslation();
  const { slot, container } = useLightDomSlot('stripe');
  const [loadError, setLoadError] = useState<DisplayError[] | null>(null);
  const stripePromise = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);

  useEffect(() => {
    let live = true;
    stripePromise.then(
      (s) => { if (live && !s) setLoadError([{ code: ErrorCode.SystemError, message: t('payments.stripeUnavailable') }]); },
      () => { if (live) setLoadError([{ code: ErrorCode.SystemError, message: t('payments.stripeLoadFailed') }]); },
    );
    return () => { live = false; };
  }, [stripePromise, t]);

  return (
    <fieldset ref={paymentsSheetRef} className="p-pay">
      <legend>{t('payments.legend')}</legend>
      {loadError ? <ErrorList errors={loadError} /> : (
        <Elements stripe={stripePromise} options={{ clientSecret: props.intent.ClientSecret, appearance: { theme: 'stripe' } }}>
          <StripeFields {...props} container={container} />
        </Elements>
      )}
      <div className="p-pay-slot">{slot}</div>
    </fieldset>
  );
}

function StripeFields({ intent, returnUrl, collectAddress, onComplete, register, container }: GatewayEntryProps & { container: HTMLElement | null }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const nameId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [paymentDone, setPaymentDone] = useState(false);
  const [addressDone, setAddressDone] = useState(!collectAddress);
  const ready = useRef<{ stripe: Stripe | null; elements: StripeElements | null; name: string }>({ stripe: null, elements: null, name: '' });
  ready.current = { stripe, elements, name };
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  // Spec 1 section 4: with the address element shown, both parts must be complete; reported after 500 ms.
  useEffect(() => {
    const timer = setTimeout(() => completeRef.current(paymentDone && addressDone && name.trim() !== ''), COMPLETENESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [paymentDone, addressDone, name]);

  useEffect(() => {
    async function confirm(): Promise<GatewayConfirm> {
      const { stripe: s, elements: els, name: typed } = ready.current;
      if (!s || !els) return { status: 'failed', errors: [{ code: ErrorCode.SystemError, message: t('payments.stripeUnavailable') }] };
      if (!typed.trim()) {
        setNameError(PROVIDER_NAME_ON_CARD_REQUIRED_MESSAGE);
        return { status: 'failed', errors: [{ code: ErrorCode.NameOnCardIsRequired, message: PROVIDER_NAME_ON_CARD_REQUIRED_MESSAGE }], atFields: true };
      }
      const billing = { payment_method_data: { billing_details: { name: typed.trim() } } };
      const result = intent.IsSetupIntent
        ? await s.confirmSetup({ elements: els, confirmParams: { return_url: returnUrl, ...billing }, redirect: 'if_required' })
        : await s.confirmPayment({ elements: els, confirmParams: { return_url: returnUrl, ...billing }, redirect: 'if_required' });
      if (result.error) return { status: 'failed', errors: providerError(result.error.message) };
      const obj = 'setupIntent' in result ? result.setupIntent : result.paymentIntent;
      const method = typeof obj.payment_method === 'string' ? obj.payment_method : obj.payment_method?.id ?? null;
      if (obj.status === 'succeeded' || obj.status === 'requires_capture' || obj.status === 'processing') return { status: 'succeeded', paymentToken: method, nameOnCard: typed.trim() };
      if (obj.status === 'requires_action') {
        return { status: 'requires_action', authenticate: () => void s.handleNextAction({ clientSecret: intent.ClientSecret }) };
      }
      return { status: 'failed', errors: providerError(undefined) };
    }
    register(confirm);
    return () => register(null);
  }, [register, intent.ClientSecret, intent.IsSetupIntent, returnUrl, t]);

  return (
    <>
      <div className="p-field">
        <label className="p-label" htmlFor={nameId}>{t('payments.nameOnCard')}</label>
        <input id={nameId} className="p-input" autoComplete="cc-name" aria-required="true" aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined} value={name}
          onChange={(e) => { setName(e.target.value); setNameError(null); }} />
        {nameError && <p id={`${nameId}-error`} className="p-field-error">{nameError}</p>}
      </div>
      {!container && <Spinner />}
      {container && createPortal(
        <>
          <PaymentElement options={{ layout: 'tabs' }} onChange={(e) => setPaymentDone(e.complete)} />
          {collectAddress && <AddressElement options={{ mode: 'billing' }} onChange={(e) => setAddressDone(e.complete)} />}
        </>,
        container,
      )}
    </>
  );
}
