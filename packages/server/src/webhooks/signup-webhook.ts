import type { CompanyConfig } from '../config/company-config.schema.ts';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/database.ts';
import { enqueueOutbox } from '../jobs/outbox.repository.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';

export const SIGNUP_WEBHOOK_TOPIC = 'signup.webhook';
/** The `type` of the event body (Standard Webhooks' recommended `{ type, timestamp, data }`). */
export const SIGNUP_EVENT_TYPE = 'signup.created';

/** What registration enqueues: the new Person, Account and Subscription as the API writes them. */
export interface SignupWebhookPayload {
  Person: Record<string, unknown>;
  Account: { Uid: string } & Record<string, unknown>;
  Subscription: Record<string, unknown> | null;
}

export interface SignupWebhookConfig {
  url: string;
  /** The signing secret (`whsec_…`), read from the environment variable the config names. */
  secret: string;
}

/** Enqueue in the registration's transaction; nothing is written when no sign-up webhook is configured. */
export async function enqueueSignupWebhook(db: Db, configured: boolean, payload: SignupWebhookPayload): Promise<string | null> {
  return configured ? enqueueOutbox(db, SIGNUP_WEBHOOK_TOPIC, payload) : null;
}

const MAX_CLIENT_IDENTIFIER = 200;

/** The backend's answer may name its own id for the account (`{ "ClientIdentifier": "…" }`). */
async function clientIdentifierOf(response: Response): Promise<string | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  const body = await response.json().catch(() => null) as { ClientIdentifier?: unknown } | null;
  const id = body?.ClientIdentifier;
  return typeof id === 'string' && id.trim() !== '' && id.length <= MAX_CLIENT_IDENTIFIER ? id.trim() : null;
}

/**
 * POSTs one webhook body signed in the Standard Webhooks format, for every webhook Portico sends (sign-up,
 * activity): webhook-id is the outbox message's uid (the same on every retry, so the receiver can drop
 * duplicates), webhook-timestamp the time of this attempt. Any answer other than 2xx is a failed attempt
 * (thrown: the outbox retries it later). Returns the answer for a caller that reads it.
 */
export async function postSignedWebhook(
  config: SignupWebhookConfig, signer: Webhook, messageUid: string, event: { type: string; timestamp: string; data: unknown }, signal: AbortSignal,
): Promise<Response> {
  const body = JSON.stringify(event);
  const now = new Date();
  const response = await fetch(config.url, {
    method: 'POST', body, signal, redirect: 'error',
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageUid,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign(messageUid, now, body),
    },
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  return response;
}

/** POSTs the sign-up to the company's backend (postSignedWebhook) and keeps the id the backend may answer with. */
export function signupWebhookHandler(config: SignupWebhookConfig, accounts: { setClientIdentifier(accountUid: string, id: string): Promise<void> }): OutboxHandler {
  const signer = new Webhook(config.secret);
  return async (message, signal) => {
    const payload = message.payload as SignupWebhookPayload;
    const response = await postSignedWebhook(config, signer, message.uid, { type: SIGNUP_EVENT_TYPE, timestamp: message.created.toISOString(), data: payload }, signal);
    const clientIdentifier = await clientIdentifierOf(response);
    if (clientIdentifier) await accounts.setClientIdentifier(payload.Account.Uid, clientIdentifier);
  };
}

/**
 * The sign-up webhook the config names, with its signing secret read from the environment; none
 * when the config has none. Fails the start, naming the variable, when the secret is missing:
 * unsigned sign-ups must never leave the server.
 */
export function signupWebhookFromConfig(config: CompanyConfig, secrets: Record<string, string | undefined>): SignupWebhookConfig | undefined {
  const hook = config.webhooks.signup;
  if (!hook) return undefined;
  const secret = secrets[hook.secretEnv];
  if (!secret) throw new Error(`webhooks.signup.secretEnv: the environment variable ${hook.secretEnv} holding the webhook signing secret (whsec_…) is not set`);
  return { url: hook.url, secret };
}
