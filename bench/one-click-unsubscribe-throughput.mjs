// one-click-unsubscribe-throughput: RFC 8058 one-click unsubscribes per second on PostgreSQL
// (POST /api/v1/public/email-lists/one-click?token=… with the form body `List-Unsubscribe=One-Click`,
// no cookie, as a mail provider sends it: the signed token checked, the person's rows locked and set
// Unsubscribed, a consent row each, in one transaction), as a ratio to a bare route (GET /healthz) of
// the same server in the same run, at the same concurrency, interleaved A B / B A. Every unsubscribe
// is a different subscribed person (a repeat would be a no-op). Issue 18 "Benchmarks".
// Run with: node --import tsx bench/one-click-unsubscribe-throughput.mjs
import pg from 'pg';
import { median, round, writeResult } from './lib/common.mjs';
import { closedLoop } from './lib/closed-loop.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(170);
const CONCURRENCY = Number(process.env.BENCH_ONE_CLICK_CONCURRENCY) || 8;
const ROUND_MS = 2_500;
const PAIRS = 2;
const PEOPLE = Number(process.env.BENCH_ONE_CLICK_PEOPLE) || 12_000;
const ADMIN_KEY = 'bench-one-click-admin-key-0123456789';
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const goal = { text: 'one-click unsubscribes per second on PostgreSQL as a ratio to a bare route (GET /healthz) of the same server, same run (recorded; no goal set by the issue)', metric: 'ratioUnsubscribesOverBare', op: '>=', value: 0, unit: 'ratio' };

let result;
let db = null;
let server = null;
let client = null;
try {
  db = await freshPostgresDatabase(PG_BASE);
  server = await startPorticoProcess({ databaseUrl: db.url, env: { PORTICO_ADMIN_KEY: ADMIN_KEY } });
  const base = server.url;
  // The subscribers, written in two statements (the sign-up path is measured by registrations-throughput).
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`insert into people (uid, email, first_name) select 'bench' || n, 'bench-' || n || '@example.com', 'Ada' from generate_series(1, $1) n`, [PEOPLE]);
  await client.query(`insert into email_list_subscriptions (uid, list_uid, person_uid, status) select 'bsub' || n, 'list-newsletter', 'bench' || n, 'Subscribed' from generate_series(1, $1) n`, [PEOPLE]);
  // Their one-click URLs, as the company's mail tool gets them: the admin export, 1,000 a page.
  const urls = [];
  for (let offset = 0; offset < PEOPLE; offset += 1000) {
    const res = await fetch(`${base}/api/v1/admin/email-lists/list-newsletter/subscribers?limit=1000&offset=${offset}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    const page = await res.json();
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${JSON.stringify(page).slice(0, 300)}`);
    for (const s of page.items) urls.push(new URL(s.OneClickUnsubscribeUrl).pathname + new URL(s.OneClickUnsubscribeUrl).search);
  }
  let next = 0;
  let unsubscribed = 0;
  const unsubscribe = async () => {
    const url = urls[next++];
    if (!url) throw new Error('out of subscribers: raise BENCH_ONE_CLICK_PEOPLE');
    const r = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const body = await r.json();
    if (r.status !== 200 || body.Unsubscribed.length !== 1) throw new Error(`one-click answered ${r.status}: ${JSON.stringify(body).slice(0, 200)}`);
    unsubscribed += 1;
    return true;
  };
  const bare = async () => {
    const r = await fetch(`${base}/healthz`);
    await r.text();
    return r.status === 200;
  };
  await closedLoop({ concurrency: CONCURRENCY, durationMs: 500, iteration: unsubscribe });
  await closedLoop({ concurrency: CONCURRENCY, durationMs: 500, iteration: bare });
  const rounds = { unsubscribes: [], bares: [] };
  for (let i = 0; i < PAIRS; i++) {
    const a = () => closedLoop({ concurrency: CONCURRENCY, durationMs: ROUND_MS, iteration: unsubscribe });
    const b = () => closedLoop({ concurrency: CONCURRENCY, durationMs: ROUND_MS, iteration: bare });
    if (i % 2 === 0) { rounds.unsubscribes.push(await a()); rounds.bares.push(await b()); } else { rounds.bares.push(await b()); rounds.unsubscribes.push(await a()); }
  }
  const perRound = rounds.unsubscribes.map((x, i) => round(x.perSec / rounds.bares[i].perSec, 4));
  const failed = rounds.unsubscribes.reduce((s, x) => s + x.failed, 0) + rounds.bares.reduce((s, x) => s + x.failed, 0);
  const { rows: [counted] } = await client.query(`select count(*)::int as n from email_list_consents where source = 'one_click'`);
  const ratio = median(perRound);
  result = writeResult('one-click-unsubscribe-throughput', {
    goal,
    actual: ratio,
    alsoRequired: failed === 0 && counted.n === unsubscribed,
    figures: {
      database: 'PostgreSQL', concurrency: CONCURRENCY, ratioUnsubscribesOverBare: ratio, ratioPerRound: perRound,
      unsubscribesPerSec: median(rounds.unsubscribes.map((x) => x.perSec)), barePerSec: median(rounds.bares.map((x) => x.perSec)),
      unsubscribeLatencyP50ms: median(rounds.unsubscribes.map((x) => x.latencyP50ms)), bareLatencyP50ms: median(rounds.bares.map((x) => x.latencyP50ms)),
      unsubscribed, consentRowsWritten: counted.n, failed,
    },
    method: `The built server (NODE_ENV=production, raised rate limits) on a fresh PostgreSQL database at ${PG_BASE.replace(/\/\/[^@]*@/, '//')}. ${PEOPLE} people on the newsletter (written by SQL), their one-click URLs read from the admin export (1,000 a page). An unsubscribe is one POST of List-Unsubscribe=One-Click, form-encoded, no cookie, to a different person's URL each time; the bare route is GET /healthz. Closed loops of ${CONCURRENCY} in flight, ${ROUND_MS} ms rounds, ${PAIRS} pairs A B / B A after a warm-up; the figure is the median pair's ratio. Passes when every request succeeded and each unsubscribe wrote exactly one consent row.`,
    notes: ['The issue asks for the figure, not a goal.'],
  });
} catch (err) {
  result = writeResult('one-click-unsubscribe-throughput', { goal, status: `failed: ${String(err?.message ?? err).slice(0, 300)}`, method: 'See one-click-unsubscribe-throughput.mjs.', forcePass: false });
} finally {
  await client?.end();
  await server?.stop();
  await db?.drop();
}
console.log(JSON.stringify({ name: result.name, pass: result.pass, actual: result.actual, status: result.status }));
process.exit(0);
