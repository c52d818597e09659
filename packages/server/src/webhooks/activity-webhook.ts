import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import { Webhook } from 'standardwebhooks';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import { postSignedWebhook, type SignupWebhookConfig } from './signup-webhook.ts';

/**
 * Account activity sent to the company's backend (issue 17, docs/billing.md "Activity webhooks"): one
 * outbox message per event, written in the transaction of the change it reports, delivered signed in
 * the Standard Webhooks format (the sign-up webhook's) to `webhooks.activity`.
 */
export const ACTIVITY_WEBHOOK_TOPIC = 'webhook.activity' satisfies OutboxTopic;

export type ActivityEventType =
  | 'subscription.created' | 'subscription.changed' | 'subscription.cancelled' | 'subscription.restored'
  | 'subscription.renewed' | 'payment.failed' | 'invoice.paid';

/** The message: the event's `type`, when it happened (the server clock) and its data as the API writes entities (PascalCase). */
export interface ActivityEvent {
  type: ActivityEventType;
  occurredAt: Date;
  data: { AccountUid: string } & Record<string, unknown>;
}

/** Stored in the outbox as JSON (the date as ISO text). */
export interface ActivityWebhookPayload {
  type: ActivityEventType;
  occurredAt: string;
  data: { AccountUid: string } & Record<string, unknown>;
}

export type ActivityWebhookConfig = SignupWebhookConfig;

/**
 * Writes the event to the outbox in the caller's transaction; nothing is written when no activity
 * webhook is configured (so an install without one stores no undeliverable messages).
 */
export async function enqueueActivity(
  outbox: { enqueue(topic: OutboxTopic, payload: unknown): Promise<string> },
  configured: boolean,
  event: ActivityEvent,
): Promise<string | null> {
  if (!configured) return null;
  const message = activityMessage(event);
  return outbox.enqueue(message.topic, message.payload);
}

/** The outbox message of an event (also for lists written later, as a payment's onPaid). */
export function activityMessage(event: ActivityEvent): { topic: typeof ACTIVITY_WEBHOOK_TOPIC; payload: ActivityWebhookPayload } {
  return { topic: ACTIVITY_WEBHOOK_TOPIC, payload: { type: event.type, occurredAt: event.occurredAt.toISOString(), data: event.data } };
}

/**
 * The activity webhook the config names, its secret read from the environment; none when the config
 * has none. Fails the start naming the variable when the secret is missing.
 */
export function activityWebhookFromConfig(config: CompanyConfig, secrets: Record<string, string | undefined>): ActivityWebhookConfig | undefined {
  const hook = config.webhooks.activity;
  if (!hook) return undefined;
  const secret = secrets[hook.secretEnv];
  if (!secret) throw new Error(`webhooks.activity.secretEnv: the environment variable ${hook.secretEnv} holding the webhook signing secret (whsec_…) is not set`);
  return { url: hook.url, secret };
}

/**
 * Delivers one activity message: `{ type, timestamp, data }` (timestamp = when the change happened, not
 * this attempt), signed and POSTed by the sign-up webhook's one function; webhook-id = the outbox uid.
 */
export function activityWebhookHandler(config: ActivityWebhookConfig): OutboxHandler {
  const signer = new Webhook(config.secret);
  return async (message, signal) => {
    const payload = message.payload as ActivityWebhookPayload;
    const response = await postSignedWebhook(config, signer, message.uid, { type: payload.type, timestamp: payload.occurredAt, data: payload.data }, signal);
    await response.body?.cancel().catch(() => undefined);
  };
}
