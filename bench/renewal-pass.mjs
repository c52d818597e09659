// renewal-pass: one renewal pass of N due subscriptions on PostgreSQL (issue 17 "Benchmarks"): the built
// server in production mode, N accounts on Pro monthly whose period ended yesterday seeded with one
// INSERT … SELECT generate_series, the pass run by the job runner at start (production cannot move the
// clock: the renewal dates are in the past instead). Wall time, renewals per second, peak server RSS, at
// 10k and 100k; then the same N with two server processes at once (ratio one ÷ two, and 0 doubles).
// --until=paid (default): done when every renewal invoice is Paid (needs the collector, billing.collection);
// --until=invoiced: done when every subscription has its renewal invoice. --sizes=10000,100000. --receipts=10000: the
// sizes at which the bench also waits until every receipt is sent (receipts per second).
// Run with: node --import tsx bench/renewal-pass.mjs [--until=invoiced] [--sizes=10000]
import pg from 'pg';
import { round, writeResult } from './lib/common.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const UNTIL = arg('until', 'paid');
const SIZES = arg('sizes', '10000,100000').split(',').map(Number);
const TWO_RUNNERS_AT = Number(arg('two', String(SIZES[0])));
// Receipts are waited for at these sizes only (at 100k the outbox would send them for many minutes after the last charge).
const RECEIPTS_AT = arg('receipts', String(SIZES[0])).split(',').map(Number);
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_KEY = 'bench-renewal-admin-key-0123456789';
watchdog(Number(arg('cap', '900')));
const goal = { text: 'renewal pass of 100,000 due subscriptions on PostgreSQL under 60 s on the 2-core machine; two runners >= 1.6x one, 0 doubles', metric: 'wallSeconds100k', op: '<', value: 60, unit: 's' };

async function query(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return (await c.query(text)).rows; } finally { await c.end(); }
}

async function seed(url, n) {
  // Renewal dates yesterday 00:00 UTC: due as soon as the server starts.
  await query(url, `insert into accounts (uid, name) select 'bacct-' || i, 'Bench ' || i from generate_series(1, ${n}) i`);
  await query(url, `insert into subscriptions (uid, account_uid, plan_uid, quantity, billing_renewal_term, start_date, renewal_date, anchor_date)
    select 'bsub-' || i, 'bacct-' || i, 'plan-pro', 1, 'Monthly', date_trunc('day', now()) - interval '1 month 1 day', date_trunc('day', now()) - interval '1 day',
      (date_trunc('day', now()) - interval '1 month 1 day')::date from generate_series(1, ${n}) i`);
  // Each customer has a saved sandbox card (4242: every charge succeeds), so --until=paid measures the charges too.
  await query(url, `insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior)
    select 'pm_bench_' || i, 'cus_bench_' || i, 'visa', '4242', 12, 2034, 'succeed' from generate_series(1, ${n}) i`);
  await query(url, `insert into payment_information (uid, account_uid, card_type, last_four_digits, payment_token, gateway, customer_token)
    select 'bench-pi-' || i, 'bacct-' || i, 'visa', '4242', 'pm_bench_' || i, 'sandbox', 'cus_bench_' || i from generate_series(1, ${n}) i`);
  // Each account's owner receives the invoices: the receipt (PDF and mail) is real outbox work, sent to the bench's SMTP sink.
  await query(url, `insert into people (uid, email, first_name, last_name) select 'bperson-' || i, 'owner' || i || '@bench.test', 'Owner', 'No ' || i from generate_series(1, ${n}) i`);
  await query(url, `insert into person_accounts (uid, person_uid, account_uid, is_primary, receive_invoices)
    select 'bpa-' || i, 'bperson-' || i, 'bacct-' || i, true, true from generate_series(1, ${n}) i`);
  await query(url, 'analyze');
}

/** An SMTP server in this process that accepts and counts every mail (the server's SMTP_URL): receipts are sent, as in production. */
async function smtpSink() {
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  const server = new SMTPServer({
    // No reverse DNS lookup of each client (smtp-server's default): a mail relay's resolver is not what is measured.
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
    onData(stream, _session, done) { stream.on('data', () => {}); stream.on('end', () => { received++; done(); }); },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received: () => received, close: () => new Promise((r) => server.close(r)) };
}
const smtp = await smtpSink();
const serverEnv = { PORTICO_ADMIN_KEY: ADMIN_KEY, SMTP_URL: smtp.url, MAIL_FROM: 'Bench <billing@bench.test>' };

const doneCount = (url) => query(url, UNTIL === 'paid'
  ? `select count(*)::int n from invoices where kind = 'renewal' and status = 'Paid'`
  : `select count(*)::int n from invoices where kind = 'renewal'`);

/** Seeds N, starts `runners` servers at once, waits until done; wall = done − the first batch's transaction start. */
async function pass(n, runners) {
  const db = await freshPostgresDatabase(PG_BASE);
  const servers = [];
  try {
    // A first start migrates and seeds the company; stopped before the customers are written.
    const first = await startPorticoProcess({ databaseUrl: db.url, env: serverEnv });
    await first.stop();
    await seed(db.url, n);
    const t0 = Date.now();
    const mailsAtStart = smtp.received();
    const starting = Array.from({ length: runners }, () => startPorticoProcess({ databaseUrl: db.url, env: serverEnv, timeoutMs: 600_000 }));
    for (const s of await Promise.all(starting)) servers.push(s);
    const watches = servers.map((s) => s.watchMemory(100));
    const deadline = Date.now() + 800_000;
    let done = 0;
    while ((done = (await doneCount(db.url))[0].n) < n) {
      if (Date.now() > deadline) throw new Error(`only ${done} of ${n} done (--until=${UNTIL})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const doneAt = Date.now();
    // Receipts, separately: the outbox goes on sending them (PDF and mail) after the last charge.
    const receiptsBefore = smtp.received();
    let receipts = 0;
    while (RECEIPTS_AT.includes(n) && (receipts = (await query(db.url, `select count(*)::int n from outbox where topic = 'mail.receipt' and delivered is not null`))[0].n) < n) {
      if (Date.now() > deadline) throw new Error(`only ${receipts} of ${n} receipts sent`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const receiptsAt = Date.now();
    const memory = watches.map((stop) => stop());
    const [{ first_receipt_ms: firstReceiptMs }] = await query(db.url, `select (extract(epoch from min(created)) * 1000)::float8 first_receipt_ms from outbox where topic = 'mail.receipt'`);
    const [{ first_ms: firstMs }] = await query(db.url, `select (extract(epoch from min(created)) * 1000)::float8 first_ms from invoices where kind = 'renewal'`);
    const [check] = await query(db.url, `select
      (select count(*)::int from (select 1 from invoices where kind = 'renewal' group by subscription_uid, period_start having count(*) > 1) d) doubles,
      (select count(*)::int from subscriptions where uid like 'bsub-%' and renewal_date <> date_trunc('day', now()) - interval '1 day' + interval '1 month') not_moved_once,
      (select count(*)::int = count(distinct invoice_number) and coalesce(max(invoice_number), 0) = count(*) from invoices) numbers_gapless`);
    const wallMs = doneAt - Math.min(firstMs, doneAt);
    return {
      n, runners, wallSeconds: round(wallMs / 1000, 2), renewalsPerSec: Math.round(n / (wallMs / 1000)), sinceSpawnSeconds: round((doneAt - t0) / 1000, 2),
      ...(RECEIPTS_AT.includes(n) ? {
        receiptsSeconds: round((receiptsAt - firstReceiptMs) / 1000, 2), receiptsPerSec: Math.round(n / ((receiptsAt - firstReceiptMs) / 1000)),
        receiptsAfterDoneSeconds: round((receiptsAt - doneAt) / 1000, 2),
      } : {}), mailsAtSmtp: smtp.received() - mailsAtStart, mailsAtSmtpWhenPaid: receiptsBefore - mailsAtStart,
      peakRssMB: memory.map((m) => Math.max(m.peakSampledMB, m.kernelPeakRssMB ?? 0)), startRssMB: servers.map((s) => s.startMemory.rssMB),
      doubles: check.doubles, notMovedExactlyOnce: check.not_moved_once, numbersGapless: check.numbers_gapless,
    };
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

let result;
try {
  const one = [];
  for (const n of SIZES) { one.push(await pass(n, 1)); console.error(JSON.stringify(one.at(-1))); }
  const two = await pass(TWO_RUNNERS_AT, 2);
  console.error(JSON.stringify(two));
  const base = one.find((r) => r.n === TWO_RUNNERS_AT);
  const ratio = base ? round(base.wallSeconds / two.wallSeconds, 2) : null;
  const at100k = one.find((r) => r.n === 100_000);
  const clean = [...one, two].every((r) => r.doubles === 0 && r.notMovedExactlyOnce === 0 && r.numbersGapless);
  result = writeResult('renewal-pass', {
    goal, actual: at100k?.wallSeconds, alsoRequired: clean && ratio !== null && ratio >= 1.6,
    figures: { until: UNTIL, database: 'PostgreSQL', oneRunner: one, twoRunners: two, twoRunnersSpeedup: ratio },
    method: `The built server (NODE_ENV=production) on a fresh PostgreSQL database per case at ${PG_BASE.replace(/\/\/[^@]*@/, '//')}; a first start migrates and seeds, then N accounts on Pro monthly with the renewal date yesterday are written with INSERT … SELECT generate_series, and the server(s) start: the renewal job runs at start on every node (batches of 200, FOR UPDATE SKIP LOCKED). Done when ${UNTIL === 'paid' ? 'every renewal invoice is Paid' : 'every subscription has its renewal invoice'} (polled every 100 ms); wall = done − the first renewal invoice's created (its batch's transaction start). Each account's owner receives invoices, and the server sends mail to an SMTP sink in the bench process: after the last charge the bench waits (at the sizes of --receipts, default the first) until every receipt (PDF and mail, outbox topic mail.receipt) is delivered; receipts per second = N ÷ (last delivered − first receipt enqueued). Peak RSS sampled every 100 ms and the kernel's VmHWM. Doubles: (subscription, period) pairs with more than one renewal invoice; every renewal date moved exactly one month; invoice numbers 1..count.`,
  });
} catch (err) {
  result = writeResult('renewal-pass', { goal, status: `failed: ${String(err?.message ?? err).slice(0, 300)}`, method: 'See renewal-pass.mjs.', forcePass: false });
}
console.log(JSON.stringify({ name: result.name, pass: result.pass, actual: result.actual, status: result.status, figures: result.figures }));
process.exit(0);
