// plan-change-throughput: PUT /api/v1/billing/subscriptions/{id}/changesubscription, an upgrade that
// charges (Starter → Pro mid-period: a plan_change invoice, an off-session authorization of the saved
// sandbox card before the transaction, the capture and booking after it), per second on PostgreSQL,
// as a ratio to POST compute-charge-summary per second against the same server in the same run, at
// the same concurrency, interleaved A B B A. Every change is a fresh account (an upgrade charges once).
// Issue 16 "Benchmarks". Run with: node --import tsx bench/plan-change-throughput.mjs
import { median, round, writeResult } from './lib/common.mjs';
import { closedLoop } from './lib/closed-loop.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(170);
const CONCURRENCY = Number(process.env.BENCH_PLAN_CHANGE_CONCURRENCY) || 4;
const ROUND_MS = 2_500;
const PAIRS = 2;
const ACCOUNTS = Number(process.env.BENCH_PLAN_CHANGE_ACCOUNTS) || 260;
const ADMIN_KEY = 'bench-plan-change-admin-key-0123456789';
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const goal = { text: 'PUT changesubscription (an upgrade that charges, sandbox) per second on PostgreSQL, as a ratio to POST compute-charge-summary per second, same server, same run (recorded; no goal set by the issue)', metric: 'ratioChangesOverCompute', op: '>=', value: 0, unit: 'ratio' };
const COMPUTE_BODY = JSON.stringify({ Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }], Account: { BillingAddress: { Country: 'US', State: 'CA' } } });
const UPGRADE = JSON.stringify({ Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', SubscriptionAddOns: [] });

async function call(base, method, path, body, headers = {}) {
  const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json', ...headers }, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** An imported Starter account past its trial, 10 days into its month, with the sandbox's 4242 card saved (setup intent, token, confirm, save). */
async function account(base, publishableKey, n) {
  const start = new Date(Date.now() - 24 * 86_400_000).toISOString().slice(0, 10);
  const imported = await call(base, 'POST', '/api/v1/admin/accounts/import', {
    Name: `Bench ${n}`, PrimaryContact: { Email: `bench-plan-${n}-${Date.now()}@example.com`, FirstName: 'Ada', LastName: 'Lovelace' },
    Subscription: { StartDate: `${start}T00:00:00Z`, Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
  });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${JSON.stringify(imported.json).slice(0, 300)}`);
  const accountUid = imported.json.Uid;
  const setup = await call(base, 'POST', `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${accountUid}`, {});
  const token = await call(base, 'POST', '/sandbox/v1/tokens', { api_login_id: publishableKey, card_number: '4242424242424242', expire_month: '12', expire_year: '2034', cvv: '123' });
  const confirmed = await call(base, 'POST', '/sandbox/v1/intents/confirm', { client_secret: setup.json.ClientSecret, payment_method: token.json.onetime_token });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  const saved = await call(base, 'POST', '/api/v1/billing/paymentinformation', { PaymentClientSecret: setup.json.ClientSecret, Account: { Uid: accountUid } });
  if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${JSON.stringify(saved.json).slice(0, 300)}`);
  return imported.json.CurrentSubscription.Uid;
}

let result;
let pg = null;
let server = null;
try {
  pg = await freshPostgresDatabase(PG_BASE);
  server = await startPorticoProcess({ databaseUrl: pg.url, env: { PORTICO_ADMIN_KEY: ADMIN_KEY } });
  const base = server.url;
  const config = await call(base, 'GET', '/api/v1/billing/paymentinformation/configuration');
  const subscriptions = [];
  for (let i = 0; i < ACCOUNTS; i++) subscriptions.push(await account(base, config.json.PublishableKey, i));
  let next = 0;
  let charged = 0;
  const change = async () => {
    const id = subscriptions[next++];
    if (!id) throw new Error('out of accounts: raise BENCH_PLAN_CHANGE_ACCOUNTS');
    const r = await call(base, 'PUT', `/api/v1/billing/subscriptions/${id}/changesubscription`, UPGRADE, { 'idempotency-key': `bench-${id}` });
    if (r.status !== 200 || r.json.Plan.Uid !== 'plan-pro') throw new Error(`change answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
    charged += 1;
    return true;
  };
  const compute = async () => {
    const r = await fetch(`${base}/api/v1/billing/subscriptions/compute-charge-summary?asOf=now`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: COMPUTE_BODY });
    await r.text();
    return r.status === 200;
  };
  // Warm-up of both, then pairs in A B, B A order.
  await closedLoop({ concurrency: CONCURRENCY, durationMs: 500, iteration: change });
  await closedLoop({ concurrency: CONCURRENCY, durationMs: 500, iteration: compute });
  const rounds = { changes: [], computes: [] };
  for (let i = 0; i < PAIRS; i++) {
    const a = () => closedLoop({ concurrency: CONCURRENCY, durationMs: ROUND_MS, iteration: change });
    const b = () => closedLoop({ concurrency: CONCURRENCY, durationMs: ROUND_MS, iteration: compute });
    if (i % 2 === 0) { rounds.changes.push(await a()); rounds.computes.push(await b()); } else { rounds.computes.push(await b()); rounds.changes.push(await a()); }
  }
  const perRound = rounds.changes.map((x, i) => round(x.perSec / rounds.computes[i].perSec, 4));
  const failed = rounds.changes.reduce((s, x) => s + x.failed, 0) + rounds.computes.reduce((s, x) => s + x.failed, 0);
  const ratio = median(perRound);
  result = writeResult('plan-change-throughput', {
    goal,
    actual: ratio,
    alsoRequired: failed === 0,
    figures: {
      database: 'PostgreSQL', concurrency: CONCURRENCY, ratioChangesOverCompute: ratio, ratioPerRound: perRound,
      changesPerSec: median(rounds.changes.map((x) => x.perSec)), computesPerSec: median(rounds.computes.map((x) => x.perSec)),
      changeLatencyP50ms: median(rounds.changes.map((x) => x.latencyP50ms)), computeLatencyP50ms: median(rounds.computes.map((x) => x.latencyP50ms)),
      changesCharged: charged, failed,
    },
    method: `The built server (NODE_ENV=production, raised rate limits) on a fresh PostgreSQL database at ${PG_BASE.replace(/\/\/[^@]*@/, '//')}. ${ACCOUNTS} imported Starter accounts (trial over, 10 days into the month) each with the sandbox's 4242 card saved through the setup-intent and save routes. A change is one PUT changesubscription to Pro with the admin key and an Idempotency-Key: prepare and price, authorize off-session (manual capture) before the transaction, change + plan_change invoice + payment row in it, capture and book (receipt written) after it. Compute is POST compute-charge-summary?asOf=now (Pro, one add-on, CA tax), no credential. Closed loops of ${CONCURRENCY} in flight, ${ROUND_MS} ms rounds, ${PAIRS} pairs A B / B A after a warm-up; the figure is the median pair's ratio.`,
    notes: ['The issue asks for the figure, not a goal: the benchmark passes when every request succeeded.'],
  });
} catch (err) {
  result = writeResult('plan-change-throughput', { goal, status: `failed: ${String(err?.message ?? err).slice(0, 300)}`, method: 'See plan-change-throughput.mjs.', forcePass: false });
} finally {
  await server?.stop();
  await pg?.drop();
}
console.log(JSON.stringify({ name: result.name, pass: result.pass, actual: result.actual, status: result.status }));
process.exit(0);
