import type { GatewayEvent } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { bookCapturedPayment } from './settle-payment.ts';

const FAILURE_EVENTS = new Set(['payment_intent.payment_failed', 'setup_intent.setup_failed']);

/**
 * A verified provider notification: our record of the intent follows the provider, and a failed
 * charge or setup on an account's intent marks its method's LatestFailureDateTime. Events for
 * intents this server did not make are acknowledged and ignored; replays change nothing further.
 */
export async function handleGatewayEvent(deps: Pick<PaymentsDeps, 'gateway' | 'store' | 'clock'>, event: GatewayEvent): Promise<void> {
  if (!event.intent) return;
  const repo = deps.store.payments;
  const row = await repo.findIntent(deps.gateway.name, event.intent.id);
  if (!row) return;
  await repo.setIntentStatus(row.uid, event.intent.status);
  if (row.consumed && row.kind === 'payment') {
    const ref = { gateway: deps.gateway.name, gatewayReference: event.intent.id };
    // A capture the provider reports is booked by the one guarded step (settle-payment.ts): if the process that
    // captured died before booking, this books it; if it did book, this changes nothing.
    if (event.intent.status === 'succeeded') await bookCapturedPayment(deps.store, ref);
    if (event.intent.status === 'canceled') await repo.leaveAuthorized(ref.gateway, ref.gatewayReference, 'canceled');
  }
  if (FAILURE_EVENTS.has(event.type) && row.accountUid) await repo.recordFailure(row.accountUid, deps.clock.now());
}
