import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin } from '../accounts/account-access.ts';
import { newUid } from '../ids/new-uid.ts';
import type { SubscriptionInput } from '../billing/billing.schemas.ts';
import { viaGateway } from './gateway-errors.ts';
import { intentIdFromClientSecret, type GatewayIntent, type IntentKind } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { signupIntentUsable } from './signup-intent-lifetime.ts';
import { intentToWire } from './payments.mappers.ts';
import type { IntentAnswer, IntentBody } from './payments.schemas.ts';

export interface IntentRequest {
  intentType: 'setup' | 'payment' | 'auth';
  accountUid?: string | undefined;
  body: IntentBody;
  idempotencyKey?: string | undefined;
}

/** What the intent is for: decided by the server from the draft or the account, never from an amount the client sent. */
interface IntentPlan {
  kind: IntentKind;
  amountMinor: number;
  accountUid: string | null;
  /** What the money pays for; an intent is reused only for the same purpose and amount. */
  purpose: string;
  customerToken: string | undefined;
  captureManually: boolean;
  isPaymentAuthentication: boolean;
}

const USABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** JSON with sorted keys, so the same draft always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `signup:<sha256 of the subscription draft>`: the registration's due-now amount is tied to this draft. */
export function subscriptionPurpose(prefix: 'signup' | 'change', subscription: SubscriptionInput): string {
  return `${prefix}:${createHash('sha256').update(canonical(subscription)).digest('hex')}`;
}

async function signupPlan(deps: PaymentsDeps, req: IntentRequest): Promise<IntentPlan> {
  if (req.intentType === 'auth') {
    throw validationError([fieldError('querystring.intentType', ErrorCode.InvalidValue, 'An auth intent pays an existing account\'s invoice: give accountUid.')]);
  }
  const subscription = req.body.Subscription;
  if (req.intentType === 'payment' && !subscription) {
    throw validationError([fieldError('Subscription', ErrorCode.Required, 'A payment intent at sign-up needs the subscription draft, so the server can price it.')]);
  }
  // Manual payments mode: the card is only saved at sign-up; invoices are settled outside the widget.
  const amount = req.intentType === 'payment' && deps.config.billing.paymentsMode !== 'manual' ? await deps.signupDueNow(subscription!) : 0;
  return {
    kind: amount > 0 ? 'payment' : 'setup', amountMinor: amount, accountUid: null,
    purpose: subscription ? subscriptionPurpose('signup', subscription) : 'signup:setup',
    customerToken: undefined, captureManually: amount > 0, isPaymentAuthentication: false,
  };
}

async function accountPlan(deps: PaymentsDeps, caller: Caller, accountUid: string, req: IntentRequest): Promise<IntentPlan> {
  requirePrimaryOrAdmin(caller, accountUid);
  const repo = deps.store.payments;
  if (!(await repo.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  const saved = (await repo.paymentInformationOf(accountUid)).find((p) => p.gateway === deps.gateway.name && p.customerToken);
  const base = { accountUid, customerToken: saved?.customerToken ?? undefined, captureManually: false };
  const subscription = req.body.Subscription;
  if (req.intentType === 'payment' && subscription?.Uid) {
    const amount = await deps.changeDueNow(caller, subscription.Uid, subscription);
    return { ...base, kind: amount > 0 ? 'payment' : 'setup', amountMinor: amount, purpose: subscriptionPurpose('change', subscription), isPaymentAuthentication: false };
  }
  if (req.intentType !== 'setup') {
    const open = (await repo.openInvoices(accountUid)).filter((i) => i.currency === deps.config.company.currency && i.outstanding > 0);
    const amount = open.reduce((sum, i) => sum + i.outstanding, 0);
    if (amount > 0) {
      return { ...base, kind: 'payment', amountMinor: amount, purpose: `invoices:${open.map((i) => i.uid).join(',')}`, isPaymentAuthentication: req.intentType === 'auth' };
    }
  }
  return { ...base, kind: 'setup', amountMinor: 0, purpose: `account:${accountUid}:setup`, isPaymentAuthentication: false };
}

/**
 * The widget's current intent when it still fits (same purpose, amount, owner, still open); otherwise
 * it is cancelled (unless a setup intent, spec 1 section 4) and null is returned. An intent that is
 * not ours, not the caller's or already used is left alone.
 */
async function keepOrRelease(deps: PaymentsDeps, secret: string, plan: IntentPlan): Promise<{ keep: GatewayIntent | null; customerToken: string | null }> {
  const id = intentIdFromClientSecret(secret);
  const row = id ? await deps.store.payments.findIntent(deps.gateway.name, id) : null;
  if (!row || row.consumed || row.accountUid !== plan.accountUid) return { keep: null, customerToken: null };
  const intent = await viaGateway(() => deps.gateway.retrieveIntent(row.gatewayIntentId));
  if (intent.clientSecret !== secret) return { keep: null, customerToken: null };
  // A sign-up intent past its lifetime could no longer pay the registration: replaced like a changed one.
  const live = row.accountUid !== null || signupIntentUsable(row.created, deps.clock.now());
  if (live && row.purpose === plan.purpose && intent.amountMinor === plan.amountMinor && intent.kind === plan.kind && USABLE.has(intent.status)) {
    return { keep: intent, customerToken: intent.customerToken };
  }
  if (intent.kind === 'payment' && USABLE.has(intent.status)) {
    const canceled = await viaGateway(() => deps.gateway.cancelIntent(intent.id));
    await deps.store.payments.setIntentStatus(row.uid, canceled.status);
  }
  return { keep: null, customerToken: intent.customerToken };
}

/** The spec's get-intent (POST /billing/paymentinformation/intent): a payment or setup intent for the amount due now. */
export async function createIntent(deps: PaymentsDeps, caller: Caller, req: IntentRequest): Promise<IntentAnswer> {
  const plan = req.accountUid ? await accountPlan(deps, caller, req.accountUid, req) : await signupPlan(deps, req);
  const email = req.body.Email ?? null;
  let customerToken = plan.customerToken;
  if (req.body.ClientSecret) {
    const previous = await keepOrRelease(deps, req.body.ClientSecret, plan);
    if (previous.keep) return intentToWire(previous.keep, { isPaymentAuthentication: plan.isPaymentAuthentication, email });
    // A replaced sign-up intent's customer is reused, so re-pricing does not leave a customer per draft at the provider.
    customerToken ??= previous.customerToken ?? undefined;
  }
  const currency = deps.config.company.currency;
  const idempotencyKey = req.idempotencyKey ? `${req.idempotencyKey}:${plan.purpose}:${plan.amountMinor}` : randomUUID();
  const intent = await viaGateway(() => deps.gateway.createIntent({
    kind: plan.kind, amountMinor: plan.amountMinor, currency, customerToken, email: email ?? undefined,
    idempotencyKey, captureManually: plan.captureManually,
  }));
  // A retried request (same Idempotency-Key) gets the provider's first intent back: record it once.
  if (await deps.store.payments.findIntent(deps.gateway.name, intent.id)) {
    return intentToWire(intent, { isPaymentAuthentication: plan.isPaymentAuthentication, email });
  }
  await deps.store.payments.insertIntent({
    uid: newUid(), gateway: deps.gateway.name, gatewayIntentId: intent.id, kind: intent.kind, amount: intent.amountMinor,
    currency: intent.currency, accountUid: plan.accountUid, purpose: plan.purpose, status: intent.status,
    // The server clock: a sign-up intent's lifetime and payment recovery measure its age by it (signup-intent-lifetime.ts).
    created: deps.clock.now(),
  });
  return intentToWire(intent, { isPaymentAuthentication: plan.isPaymentAuthentication, email });
}
