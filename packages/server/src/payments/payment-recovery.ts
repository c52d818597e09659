import type { JobContext, PeriodicJob } from '../jobs/job-types.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { GatewayError, type GatewayIntent, type IntentStatus, type PaymentGateway } from './payment-gateway.ts';
import type { PaymentIntentRow } from './payments.repository.ts';
import { settleAuthorizedPayment } from './settle-payment.ts';
import { SIGNUP_INTENT_LIFETIME_MS } from './signup-intent-lifetime.ts';

/**
 * Payment recovery (issue 14): finishes what a crash between a paid sign-up's commit and its capture
 * left, and releases authorizations no committed sign-up owns. Runs at start and every minute
 * (jobs/job-runner.ts); each run is safe to repeat and to race another run, a late request or a
 * webhook (docs/payments.md "Payment recovery").
 *
 * 1. Capture: a payment committed work left 'authorized' for longer than CAPTURE_GRACE_MS is captured
 *    and booked by the same step the request uses (settle-payment.ts): an idempotent capture, then one
 *    transaction that moves the payment 'authorized' → 'succeeded' (compare and set) and only then pays
 *    the invoice and writes the receipt. Whoever moves the row books; everyone else does nothing.
 * 2. Release: a sign-up payment intent no registration took (no account, no payment row) is cancelled
 *    at the gateway once older than RELEASE_MIN_AGE_MS, first taken in our record (marked used) so a
 *    registration still holding it fails instead of committing work whose money is being released.
 */
export const PAYMENT_RECOVERY_JOB = 'payments.recovery';

/**
 * How long after a sign-up's commit its own request is left to capture. The request captures right
 * after the commit; its capture is one gateway call, at most about a minute with Stripe's client
 * (20 s timeout, two retries). Twice that: recovery does not race a request that is merely slow
 * (the race would still be safe, only wasteful).
 */
export const CAPTURE_GRACE_MS = 2 * 60_000;

/**
 * How old a sign-up intent no registration took must be before it is released: the longest a sign-up
 * can use it (SIGNUP_INTENT_LIFETIME_MS, checked where the registration consumes it, by the request's
 * start time) plus a quarter of an hour for a registration that started just inside that lifetime to
 * finish. A younger intent may belong to a sign-up in progress and is never touched.
 */
export const RELEASE_MIN_AGE_MS = SIGNUP_INTENT_LIFETIME_MS + 15 * 60_000;

/** Every minute: a payment a crash left is captured within about three minutes of it (the grace, then the next run). */
export const PAYMENT_RECOVERY_EVERY_MS = 60_000;

/** Rows looked at per run and kind; the rest wait for the next run (a minute later). */
const BATCH = 50;

const CANCELLABLE = new Set<IntentStatus>(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture']);

export interface PaymentRecoveryDeps {
  /** The configured gateway, the same instance the payment routes use. */
  gateway: PaymentGateway;
  /** The app's unit of work (payments and outbox repositories, transactions). */
  store: UnitOfWork;
  /** Looks at the outbox now: a booked payment wrote its receipt. */
  wakeOutbox?: () => void;
}

export interface RecoveryResult {
  captured: number;
  released: number;
  /** Payments or intents left for a later run (the gateway unreachable, an intent still being captured). */
  deferred: number;
}

/** The periodic job (jobs/job-types.ts); `run` answers how many payments it captured plus intents it released. */
export function paymentRecoveryJob(deps: PaymentRecoveryDeps): PeriodicJob {
  return {
    name: PAYMENT_RECOVERY_JOB,
    everyMs: PAYMENT_RECOVERY_EVERY_MS,
    timeoutMs: 60_000,
    async run(ctx) {
      const result = await recoverPayments(deps, ctx);
      if (result.deferred > 0) {
        // Thrown so the runner records it and retries sooner, with backoff; what was done is done.
        throw new Error(`payment recovery: captured ${result.captured}, released ${result.released}, ${result.deferred} left for a later run`);
      }
      return result.captured + result.released;
    },
  };
}

/** One run: capture what committed work authorized, then release what nobody owns. */
export async function recoverPayments(deps: PaymentRecoveryDeps, ctx: JobContext): Promise<RecoveryResult> {
  const result: RecoveryResult = { captured: 0, released: 0, deferred: 0 };
  const now = ctx.now();
  const repo = deps.store.payments;

  for (const payment of await repo.authorizedPayments(deps.gateway.name, new Date(now.getTime() - CAPTURE_GRACE_MS), BATCH)) {
    if (ctx.signal.aborted) break;
    const ref = { payment: payment.uid, intent: payment.gatewayReference };
    try {
      const outcome = await settleAuthorizedPayment(deps, { gateway: payment.gateway, gatewayReference: payment.gatewayReference });
      if (outcome === 'booked') {
        result.captured += 1;
        ctx.log.warn(ref, 'payment recovery captured a payment its sign-up left authorized');
      } else if (outcome === 'refused') {
        ctx.log.error(ref, 'payment recovery: the gateway refused to capture a sign-up\'s authorization; the payment is failed, its invoice open');
      }
    } catch (err) {
      result.deferred += 1;
      ctx.log.warn({ ...ref, error: err instanceof Error ? err.message : String(err) }, 'payment recovery could not capture now; retrying later');
    }
  }
  if (result.captured > 0) deps.wakeOutbox?.();

  for (const intent of await repo.staleSignupIntents(deps.gateway.name, new Date(now.getTime() - RELEASE_MIN_AGE_MS), BATCH)) {
    if (ctx.signal.aborted) break;
    try {
      if (await releaseIntent(deps, intent, now, ctx)) result.released += 1;
    } catch (err) {
      result.deferred += 1;
      ctx.log.warn({ intent: intent.gatewayIntentId, error: err instanceof Error ? err.message : String(err) }, 'payment recovery could not release now; retrying later');
    }
  }
  return result;
}

/** Takes the intent in our record, then cancels it at the gateway; true when this call cancelled it. */
async function releaseIntent(deps: PaymentRecoveryDeps, row: PaymentIntentRow, now: Date, ctx: JobContext): Promise<boolean> {
  const repo = deps.store.payments;
  // A registration consumed it after the candidates were read: it is that registration's money.
  if (!(await repo.takeForRelease(row.uid, now))) return false;
  const intent = await retrieveOrNull(deps.gateway, row.gatewayIntentId);
  if (!intent) {
    await repo.setIntentStatus(row.uid, 'canceled'); // the gateway has no such intent: nothing is held
    return false;
  }
  if (CANCELLABLE.has(intent.status)) {
    const canceled = await cancelOnce(deps.gateway, intent.id);
    await repo.setIntentStatus(row.uid, canceled.status);
    if (intent.status === 'requires_capture') ctx.log.warn({ intent: intent.id }, 'payment recovery released an authorization no sign-up committed');
    return true;
  }
  await repo.setIntentStatus(row.uid, intent.status);
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    // Sign-up intents are captured only for committed work: money taken here needs a person to refund it.
    ctx.log.error({ intent: intent.id, status: intent.status }, 'payment recovery: a sign-up intent no registration took has taken money; refund it at the provider');
  }
  return false;
}

async function retrieveOrNull(gateway: PaymentGateway, id: string): Promise<GatewayIntent | null> {
  try {
    return await gateway.retrieveIntent(id);
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'not_found') return null;
    throw err;
  }
}

/** Cancels, treating "already cancelled" (Stripe refuses a second cancel; a concurrent run's) as done. */
async function cancelOnce(gateway: PaymentGateway, id: string): Promise<GatewayIntent> {
  try {
    return await gateway.cancelIntent(id);
  } catch (err) {
    if (!(err instanceof GatewayError) || err.kind === 'unavailable') throw err;
    const now = await gateway.retrieveIntent(id);
    if (now.status === 'canceled') return now;
    throw err;
  }
}
