import { loadStripe } from '@stripe/stripe-js';
import { loadScript } from '../third-party/load-script.ts';
// Types only: a runtime import of sandbox-script.ts would split it out of the sandbox card form's chunk (one more file on a paid sign-up).
import type { PorticoSandbox, SandboxError } from './sandbox-script.ts';

/** The sandbox's script path, as sandbox-script.ts's SANDBOX_SCRIPT_PATH (the server serves it there). */
const SANDBOX_SCRIPT = '/js/v1';

/**
 * 'Authenticate your payment' for an off-session charge of the saved card the bank wants confirmed
 * (a plan change's 402 Errors.PaymentAuthenticationRequired, docs/payments.md "Plan change payment"):
 * the intent is confirmed again on-session with the same saved method and the browser goes to the
 * bank's step, which returns to `returnUrl` (processing, action changePlan) with the intent in the query.
 * Resolves 'redirecting' when the browser is going to the bank's step, 'succeeded' when the confirmation
 * needed no step (the intent is paid: the caller finishes at once; demo mode's sandbox does this);
 * rejects with the reason when the step could not start.
 */
export async function authenticateSavedPayment(opts: {
  gateway: 'SandboxEnabled' | 'StripeEnabled' | string;
  publishableKey: string | null;
  server: string;
  clientSecret: string;
  paymentToken: string;
  returnUrl: string;
}): Promise<'redirecting' | 'succeeded'> {
  if (opts.gateway === 'StripeEnabled') {
    const stripe = await loadStripe(opts.publishableKey ?? '');
    if (!stripe) throw new Error('Stripe.js did not load');
    // Stripe shows the bank's step over the page; once done, the widget lands where a redirect would have brought it.
    const { error, paymentIntent } = await stripe.confirmCardPayment(opts.clientSecret, { payment_method: opts.paymentToken }, { handleActions: true });
    if (error || !paymentIntent) throw new Error(error?.message ?? 'The payment could not be authenticated.');
    const back = new URL(opts.returnUrl);
    back.searchParams.set('payment_intent', paymentIntent.id);
    back.searchParams.set('payment_intent_client_secret', opts.clientSecret);
    back.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(back.toString());
    return 'redirecting';
  }
  if (!window.PorticoSandbox) await loadScript(new URL(SANDBOX_SCRIPT, opts.server).href);
  const sandbox: PorticoSandbox | undefined = window.PorticoSandbox;
  if (!sandbox) throw new Error('The sandbox script did not start');
  const view = await sandbox.confirmIntent(opts.clientSecret, { payment_method: opts.paymentToken, return_url: opts.returnUrl });
  if ('error' in view) throw new Error((view as SandboxError).error.message);
  if (view.status === 'requires_action') {
    sandbox.authenticate(opts.clientSecret);
    return 'redirecting';
  }
  if (view.status === 'succeeded') return 'succeeded';
  throw new Error(view.last_error ?? 'The payment could not be authenticated.');
}
