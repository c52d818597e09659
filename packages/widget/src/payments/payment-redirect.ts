/**
 * Return from the payment redirect (spec 1 section 4): the provider sends the browser back to
 * the host page with these in the query. They are read once and removed from the address bar.
 */
export interface PaymentRedirect {
  status: 'succeeded' | 'failed' | string;
  paymentIntent: string | null;
  setupIntent: string | null;
  /** The intent's client secret, which the registration or save needs. */
  clientSecret: string | null;
}

const KEYS = ['redirect_status', 'payment_intent', 'setup_intent', 'payment_intent_client_secret', 'setup_intent_client_secret'];

export function readPaymentRedirect(href: string): PaymentRedirect | null {
  const q = new URL(href).searchParams;
  const status = q.get('redirect_status');
  if (!status) return null;
  return {
    status,
    paymentIntent: q.get('payment_intent'),
    setupIntent: q.get('setup_intent'),
    clientSecret: q.get('payment_intent_client_secret') ?? q.get('setup_intent_client_secret'),
  };
}

/** The same URL without the redirect's values (history.replaceState: no new entry, no reload). */
export function withoutPaymentRedirect(href: string): string {
  const url = new URL(href);
  for (const k of KEYS) url.searchParams.delete(k);
  return url.toString();
}


/** Where the authentication step should bring the customer back: this page, without old redirect values. */
export const currentReturnUrl = (): string => withoutPaymentRedirect(window.location.href);
