import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import type { StoredInvoice } from '../billing/invoices.repository.ts';
import { invoiceToWire } from '../invoices/invoices.ts';
import { activityMessage, enqueueActivity, type ActivityEvent } from './activity-webhook.ts';

/** What a use case needs to report activity: whether a webhook is configured (deps, like signupWebhookConfigured) and the runner's wake. */
export interface ActivityDeps {
  activityWebhookConfigured: boolean;
  wakeOutbox: () => void;
}

/** The transaction's repositories the event is written with (the outbox, and the hook that wakes the runner once it committed). */
interface ActivityRepos {
  outbox: { enqueue(topic: OutboxTopic, payload: unknown): Promise<string> };
  afterCommit(hook: () => void | Promise<void>): void;
}

/** Writes the event in the caller's transaction (nothing without a configured webhook) and wakes the runner after the commit. */
export async function recordActivity(repos: ActivityRepos, deps: ActivityDeps, event: ActivityEvent): Promise<void> {
  if (await enqueueActivity(repos.outbox, deps.activityWebhookConfigured, event)) repos.afterCommit(() => deps.wakeOutbox());
}

/** `invoice.paid`'s data: the invoice as the invoices API writes it. */
export function invoicePaidEvent(invoice: StoredInvoice, at: Date): ActivityEvent {
  return { type: 'invoice.paid', occurredAt: at, data: { AccountUid: invoice.accountUid, Invoice: { ...invoiceToWire(invoice), BillingInvoiceStatus: 'Paid' } } };
}

/**
 * `invoice.paid` as a message of a payment's onPaid list (settle-payment.ts writes it in the transaction that
 * makes the invoice Paid, once); none without a configured webhook. Its timestamp is the payment's authorization.
 */
export function invoicePaidOnPaid(configured: boolean, invoice: StoredInvoice, at: Date): { topic: OutboxTopic; payload: unknown }[] {
  return configured ? [activityMessage(invoicePaidEvent(invoice, at))] : [];
}
