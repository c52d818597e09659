import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from './payment-gateway.ts';

/**
 * The one way an authorized payment becomes money on its invoice, shared by the registration's
 * after-commit step, payment recovery (payment-recovery.ts) and the provider's webhook. Each may
 * run for the same payment at the same time, or again after a crash, so:
 *
 * - the capture is idempotent: a capture the gateway refuses because the intent is already captured
 *   (Stripe answers payment_intent_unexpected_state; the sandbox answers the captured intent) is a success;
 * - the booking happens in one transaction that first moves the payment from 'authorized' to
 *   'succeeded' (one UPDATE ... WHERE status = 'authorized'): only the caller whose UPDATE moved it
 *   applies the money to the invoice and writes the payment's outbox messages (the receipt).
 */
export interface AuthorizedPaymentRef {
  gateway: string;
  /** The gateway's intent id (payments.gateway_reference). */
  gatewayReference: string;
}

export type SettleOutcome =
  /** This call booked the money (and wrote the messages when the invoice became Paid). */
  | 'booked'
  /** Someone else booked it (or refused it) first: nothing done. */
  | 'already'
  /** The gateway refused the capture for good (an expired or cancelled authorization): the payment is 'failed'. */
  | 'refused';

/** Whether the capture went through, was refused for good, or cannot be told now (retry later). */
type CaptureResult = { captured: GatewayIntent } | { refused: string };

const STILL_CAPTURABLE = new Set(['requires_capture', 'processing']);

/**
 * Captures an authorization, treating "already captured" as success. A gateway outage, or a refusal
 * while the intent is still capturable (another capture in flight), is thrown: the payment stays
 * 'authorized' and recovery tries again later.
 */
async function captureOnce(gateway: PaymentGateway, id: string): Promise<CaptureResult> {
  try {
    return { captured: await gateway.captureIntent(id) };
  } catch (err) {
    if (!(err instanceof GatewayError) || err.kind === 'unavailable') throw err;
    const now = await gateway.retrieveIntent(id).catch((e: unknown) => {
      if (e instanceof GatewayError && e.kind === 'not_found') return null;
      throw e;
    });
    if (now?.status === 'succeeded') return { captured: now };
    if (now && STILL_CAPTURABLE.has(now.status)) throw err;
    return { refused: err.message.slice(0, 500) };
  }
}

/**
 * Books a payment the gateway has captured: the payment 'authorized' → 'succeeded', its invoice paid,
 * and, when that makes the invoice Paid, the payment's outbox messages written, in one transaction.
 * 'already' when another caller booked it first. Also the webhook's step for a capture it reports.
 */
export async function bookCapturedPayment(store: UnitOfWork, ref: AuthorizedPaymentRef): Promise<'booked' | 'already'> {
  return store.transaction(async (repos) => {
    const row = await repos.payments.leaveAuthorized(ref.gateway, ref.gatewayReference, 'succeeded');
    if (!row) return 'already';
    if (row.invoiceUid && (await repos.payments.applyToInvoice(row.invoiceUid, row.amount))) {
      for (const message of row.onPaid ?? []) await repos.outbox.enqueue(message.topic as OutboxTopic, message.payload);
    }
    return 'booked';
  });
}

/**
 * Captures an authorized payment at the gateway and books it, exactly once however many callers race
 * (see above). A capture the gateway refuses for good marks the payment 'failed' with the provider's
 * message and leaves the invoice open (the account exists; collecting is then a billing matter).
 */
export async function settleAuthorizedPayment(deps: { gateway: PaymentGateway; store: UnitOfWork }, ref: AuthorizedPaymentRef): Promise<SettleOutcome> {
  if (ref.gateway !== deps.gateway.name) throw new Error(`payment of gateway '${ref.gateway}' cannot be settled through '${deps.gateway.name}'`);
  const repo = deps.store.payments;
  const result = await captureOnce(deps.gateway, ref.gatewayReference);
  const intentRow = await repo.findIntent(ref.gateway, ref.gatewayReference);
  if ('refused' in result) {
    const failed = await repo.leaveAuthorized(ref.gateway, ref.gatewayReference, 'failed', result.refused);
    return failed ? 'refused' : 'already';
  }
  if (intentRow) await repo.setIntentStatus(intentRow.uid, result.captured.status);
  return bookCapturedPayment(deps.store, ref);
}
