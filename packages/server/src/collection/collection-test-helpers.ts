import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices, outbox } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import type { JobContext } from '../jobs/job-types.ts';
import { cardToken, confirm } from '../payments/payments-test-helpers.ts';
import { bearer, teamOwner } from '../team/team-test-helpers.ts';
import type { TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { chargeInvoiceHandler, type CollectionDeps } from './charge-invoice.ts';
import { collectionJob } from './collection-job.ts';
import { CHARGE_INVOICE_TOPIC, type ChargeInvoicePayload } from './collection.repository.ts';

/** The sandbox's cards the collection tests charge (sandbox-cards.ts). */
export const COLLECTION_CARDS = {
  visa: '4242 4242 4242 4242', declinesCharges: '4000 0000 0000 0341', hard: '4000 0000 0000 9987',
  insufficientFunds: '4000 0000 0000 9979', authenticate: '4000 0025 0000 3155',
} as const;

export const rows = async (t: TestApp, query: ReturnType<typeof sql>) => (await t.database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The app's own collection pieces over the test database (the runner is not started in tests: the test delivers). */
export function collectionDeps(t: TestApp, over: Partial<CollectionDeps> = {}): CollectionDeps {
  return {
    uow: unitOfWork(t.database.db), gateway: t.app.payments.gateway, config: t.config, clock: t.clock, activity: true, wakeOutbox: () => {}, ...over,
  };
}

export function jobContext(t: TestApp): JobContext {
  return { now: () => t.clock.now(), signal: new AbortController().signal, log: { info() {}, warn() {}, error() {} } };
}

/** Saves a card the way the widget does (setup intent, sandbox confirm, then save). */
export async function saveCard(t: TestApp, o: { accountUid: string; token: string }, card: string) {
  const setup = await t.request({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${o.accountUid}`, headers: bearer(o.token), payload: {} });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().ClientSecret as string;
  const confirmed = await confirm(t, secret, await cardToken(t, card));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  if (confirmed.json().status === 'requires_action') await authenticate(t, secret);
  return t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', headers: bearer(o.token), payload: { PaymentClientSecret: secret, Account: { Uid: o.accountUid } } });
}

export async function authenticate(t: TestApp, clientSecret: string, outcome: 'complete' | 'fail' = 'complete') {
  const res = await t.request({
    method: 'POST', url: '/sandbox/v1/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_secret: clientSecret, outcome }).toString(),
  });
  expect(res.statusCode, res.body).toBeLessThan(400);
}

/** A signed-in owner of an imported Starter account with `card` saved (null: none). */
export async function ownerWithCard(t: TestApp, card: string | null) {
  const o = await teamOwner(t, { plan: 'plan-starter', quantity: 1 });
  const subscriptionUid = (await rows(t, sql`select uid from subscriptions where account_uid = ${o.accountUid}`))[0]!.uid as string;
  if (card) {
    const saved = await saveCard(t, o, card);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { ...o, subscriptionUid };
}

let period = 0;
/** What the renewal job writes (helper R's): an Open renewal invoice due now, for a distinct period. */
export async function openRenewalInvoice(t: TestApp, o: { accountUid: string; subscriptionUid: string | null }, totalMinor = 2900) {
  const uid = newUid();
  const now = t.clock.now();
  period += 1;
  const periodStart = new Date(Date.UTC(2030, 0, 1) + period * 86_400_000);
  const [counter] = await rows(t, sql`insert into invoice_counters (series, last_number) values ('invoices', 1)
    on conflict (series) do update set last_number = invoice_counters.last_number + 1 returning last_number`);
  await t.database.db.insert(invoices).values({
    uid, accountUid: o.accountUid, subscriptionUid: o.subscriptionUid, invoiceNumber: counter!.last_number as number, invoiceDate: now, currency: 'USD',
    subtotal: totalMinor, tax: 0, total: totalMinor, status: 'Open', taxBehavior: null, kind: 'renewal',
    lines: [{ LineItemType: 1, Amount: totalMinor, Tax: 0, Description: 'Starter' }], periodStart, periodEnd: new Date(periodStart.getTime() + 30 * 86_400_000),
    nextAttemptAt: now,
  });
  return uid;
}

/** The undelivered charge messages, oldest first. */
export async function chargeMessages(t: TestApp): Promise<{ uid: string; payload: ChargeInvoicePayload }[]> {
  const found = await t.database.db.select({ uid: outbox.uid, payload: outbox.payload }).from(outbox)
    .where(and(eq(outbox.topic, CHARGE_INVOICE_TOPIC), isNull(outbox.delivered))).orderBy(outbox.created);
  return found.map((m) => ({ uid: m.uid, payload: m.payload as ChargeInvoicePayload }));
}

/** Delivers every undelivered charge message once (as the outbox worker would), marking each delivered. */
export async function deliverCharges(t: TestApp, deps = collectionDeps(t)): Promise<number> {
  const handler = chargeInvoiceHandler(deps);
  const messages = await chargeMessages(t);
  for (const m of messages) {
    await handler({ payload: m.payload });
    await t.database.db.update(outbox).set({ delivered: sql`now()` }).where(eq(outbox.uid, m.uid));
  }
  return messages.length;
}

/** One collector pass, then its charges delivered. */
export async function collect(t: TestApp, deps = collectionDeps(t)): Promise<number> {
  const claimed = await collectionJob({ uow: deps.uow, wakeOutbox: () => {} }).run(jobContext(t));
  await deliverCharges(t, deps);
  return claimed ?? 0;
}

export async function invoiceRow(t: TestApp, uid: string) {
  return (await rows(t, sql`select status, amount_paid, attempt_count, attempt_in_flight, next_attempt_at, dunning_status, last_failure_code,
    last_failure_message, pending_intent_id, paid_at, voided_at from invoices where uid = ${uid}`))[0]!;
}
