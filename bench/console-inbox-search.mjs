// console-inbox-search: the operator console's inbox search by email on 100,000 support cases on
// PostgreSQL (GET /api/v1/console/cases?email=<an email or its beginning>, operator token, the
// inbox's answer with unread markers and assignee, paged, total counted), measured over HTTP one
// request at a time: p50 / p99 latency. Issue 20 "Benchmarks" (goal p99 <= 50 ms). The cases are
// written in two statements (how they are made is measured elsewhere); half have a later person
// activity, a tenth are assigned. The index it needs: support_cases_email_prefix_idx (lower(email) text_pattern_ops).
// Run with: node --import tsx bench/console-inbox-search.mjs
import pg from 'pg';
import { median, round, writeResult } from './lib/common.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(230);
const CASES = Number(process.env.BENCH_CONSOLE_CASES) || 100_000;
const SEARCHES = Number(process.env.BENCH_CONSOLE_SEARCHES) || 600;
const WARMUP = 50;
const ADMIN_KEY = 'bench-console-admin-key-0123456789';
const PASSWORD = 'Kestrel-Quartz-7319!';
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const goal = { text: 'inbox search by email on 100,000 cases on PostgreSQL, p99 over HTTP (issue 20)', metric: 'p99Ms', op: '<=', value: 50, unit: 'ms' };
const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };

let result;
let db = null;
let server = null;
let client = null;
try {
  db = await freshPostgresDatabase(PG_BASE);
  server = await startPorticoProcess({ databaseUrl: db.url, env: { PORTICO_ADMIN_KEY: ADMIN_KEY } });
  const base = server.url;
  const admin = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };
  const made = await fetch(`${base}/api/v1/admin/operators`, { method: 'POST', headers: admin, body: JSON.stringify({ Email: 'bench-agent@northwind.example', Name: 'Bench Agent', Role: 'agent', Password: PASSWORD }) });
  if (made.status !== 201) throw new Error(`operator create answered ${made.status}: ${await made.text()}`);
  const operatorUid = (await made.json()).Uid;
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const t0 = Date.now();
  // 100,000 cases over 40,000 customers on 50 domains (so an email has a few cases, as real inboxes do), spread over a year.
  await client.query(`insert into support_cases (uid, source, status, email, subject, created, updated)
    select 'bc' || n, case when n % 3 = 0 then 5 else 1 end, case when n % 4 = 0 then 'closed' else 'open' end,
      'Customer' || (n % 40000) || '@domain' || (n % 50) || '.example', 'Case ' || n,
      now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
    from generate_series(1, $1) n`, [CASES]);
  await client.query(`insert into support_case_activities (uid, case_uid, type, body, author_kind, author_email, created)
    select 'ba' || n, 'bc' || n, 1, 'Help', 'person', 'customer' || (n % 40000) || '@domain' || (n % 50) || '.example', now() - (n || ' minutes')::interval from generate_series(1, $1) n`, [CASES]);
  await client.query(`insert into support_case_activities (uid, case_uid, type, body, author_kind, author_email, created)
    select 'bb' || n, 'bc' || n, 1, 'More', 'person', null, now() - ((n - 1) || ' minutes')::interval from generate_series(1, $1, 2) n`, [CASES]);
  await client.query(`insert into support_case_assignments (case_uid, operator_uid) select 'bc' || n, $2 from generate_series(1, $1, 10) n`, [CASES, operatorUid]);
  await client.query('analyze');
  const seedMs = Date.now() - t0;
  const signIn = await fetch(`${base}/api/v1/console/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench-agent@northwind.example', password: PASSWORD }) });
  if (signIn.status !== 200) throw new Error(`console sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const headers = { authorization: `Bearer ${(await signIn.json()).access_token}` };

  // What an operator types: a whole address (most searches), or its beginning.
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const query = (i) => {
    const k = rand(40000);
    const whole = `customer${k}@domain${k % 50}.example`;
    return i % 4 === 3 ? whole.slice(0, Math.max(9, whole.indexOf('@'))) : whole;
  };
  const times = [];
  let matched = 0;
  for (let i = 0; i < WARMUP + SEARCHES; i++) {
    const q = query(i);
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}/api/v1/console/cases?email=${encodeURIComponent(q)}&limit=50`, { headers });
    const body = await res.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (i >= WARMUP) { times.push(ms); matched += body.metadata.total; }
  }
  const { rows: plan } = await client.query(`explain select * from support_cases where lower(email) like 'customer123@domain23.example%'`);
  const usesIndex = plan.some((r) => String(r['QUERY PLAN']).includes('support_cases_email_prefix_idx'));
  const p99 = round(percentile(times, 99), 2);
  result = writeResult('console-inbox-search', {
    goal,
    actual: p99,
    alsoRequired: usesIndex,
    figures: {
      database: 'PostgreSQL', cases: CASES, searches: SEARCHES, p50Ms: round(percentile(times, 50), 2), p99Ms: p99, maxMs: round(Math.max(...times), 2),
      medianMs: round(median(times), 2), meanMatches: round(matched / SEARCHES, 2), prefixIndexUsed: usesIndex, seedMs,
    },
    method: `One Portico process (NODE_ENV=production, built server) on a fresh PostgreSQL database; ${CASES.toLocaleString('en-US')} cases over 40,000 emails, 1.5 person activities each, a tenth assigned; ANALYZE; one signed-in operator; ${WARMUP} warm-up searches then ${SEARCHES} sequential GET /api/v1/console/cases?email=… (three in four a whole address, one in four its local part), latency measured by the client around fetch + JSON parse.`,
  });
} catch (err) {
  result = writeResult('console-inbox-search', { goal, status: 'error', notes: [String(err?.stack ?? err)] });
} finally {
  await client?.end().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  await db?.drop?.().catch(() => undefined);
}
console.log(JSON.stringify(result, null, 2));
