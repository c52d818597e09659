/**
 * How long a sign-up payment intent can pay a registration after it was made (server clock). The
 * widget makes the intent when the checkout shows and takes the nonce (good 30 minutes,
 * NONCE_TTL_MINUTES) only at submit, so the nonce does not bound how old an intent a sign-up may
 * carry: this does. A day, like a Stripe Checkout session's default expiry: far longer than anyone
 * fills a checkout form, and still a bound, so payment recovery can release an authorization no
 * registration took without ever releasing one a sign-up is still using (payment-recovery.ts).
 * A registration carrying an older intent is refused (Errors.PaymentIntentNotFound) and the widget
 * asks for a new intent.
 */
export const SIGNUP_INTENT_LIFETIME_MS = 24 * 3_600_000;

/** Whether a sign-up intent made at `made` can still pay a registration at `at`. */
export function signupIntentUsable(made: Date, at: Date): boolean {
  return at.getTime() - made.getTime() < SIGNUP_INTENT_LIFETIME_MS;
}
