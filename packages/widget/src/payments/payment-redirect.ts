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

const KEYS = ['redirect_status', 'payment_intent', 'setup_intent', 'payment_intent_client_secret', 'setup_intent_client_secret', 'portico_embed'];

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

/** The return address's mark (loader/landing.ts EMBED_MARK) that the payment step started in a widget embedded in the page. */
const EMBED_MARK = 'portico_embed';

/**
 * The return address of a payment step started by an embedded widget carries `portico_embed=1`: the
 * page it returns to then finishes the step in its embed rather than in a popup (loader/landing.ts).
 */
export function markEmbedded(returnUrl: string, embedded: boolean): string {
  if (!embedded) return returnUrl;
  const url = new URL(returnUrl);
  url.searchParams.set(EMBED_MARK, '1');
  return url.toString();
}
