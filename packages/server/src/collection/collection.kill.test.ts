import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEMO_CONFIG_PATH } from '../config/load-company-config.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';

/**
 * Issue 17 "Bad input and faults": 2,000 Open invoices due, each for an account with a saved sandbox
 * card; the server (one, then two processes on one database) is SIGKILLed in the middle of collecting
 * them and restarted: every invoice is charged exactly once (one succeeded sandbox charge per invoice,
 * one succeeded payment) and Paid. The sandbox writes its charges in transactions of its own, apart from
 * the collector's outcome transaction, as a provider would: a kill between the two is a real possibility
 * this test meets (the redelivered attempt replays the same idempotency key). PostgreSQL only.
 */
const INVOICES = 2000;
const pgUrl = process.env.TEST_DATABASE_URL;
const root = mkdtempSync(path.join(os.tmpdir(), 'portico-collection-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function configFile(): string {
  const config = parse(readFileSync(DEMO_CONFIG_PATH, 'utf8')) as { captcha: { provider: string } };
  config.captcha.provider = 'none';
  const file = path.join(root, 'company.yaml');
  writeFileSync(file, stringify(config));
  return file;
}

const told = (s: SpawnedServer) => `${s.stdout().split('\n').filter((l) => !/"msg":"(incoming request|request completed)"/.test(l)).join('\n').slice(-4000)}\n${s.stderr().slice(-2000)}`;

async function started(server: SpawnedServer): Promise<void> {
  const outcome = await server.outcome;
  if (!outcome.ready) throw new Error(`the server did not start (exit ${outcome.code}): ${server.stderr()}`);
}

async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return (await client.query(text)).rows as T[]; } finally { await client.end(); }
}

/** Polls until `check` answers true (no fixed sleeps), or fails naming what it waited for. */
async function until(what: string, check: () => Promise<boolean>, servers: SpawnedServer[], ms = 150_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the servers said:\n${servers.map(told).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** 2,000 accounts, each with a sandbox customer and its saved test card, each owing one Open renewal invoice due now. */
async function seed(url: string): Promise<void> {
  await query(url, `
    insert into accounts (uid, name) select 'kill-acc-' || i, 'Kill ' || i from generate_series(1, ${INVOICES}) i;
    insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior)
      select 'pm_kill_' || i, 'cus_kill_' || i, 'visa', '4242', 12, 2034, 'succeed' from generate_series(1, ${INVOICES}) i;
    insert into payment_information (uid, account_uid, card_type, last_four_digits, payment_token, gateway, customer_token)
      select 'kill-pi-' || i, 'kill-acc-' || i, 'visa', '4242', 'pm_kill_' || i, 'sandbox', 'cus_kill_' || i from generate_series(1, ${INVOICES}) i;
    insert into invoices (uid, account_uid, invoice_number, invoice_date, currency, subtotal, tax, total, status, lines, kind, period_start, period_end, next_attempt_at)
      select 'kill-inv-' || i, 'kill-acc-' || i, 900000 + i, now(), 'USD', 1000 + i, 0, 1000 + i, 'Open', '[]'::jsonb, 'renewal',
        now(), now() + interval '30 days', now() - interval '1 minute' from generate_series(1, ${INVOICES}) i;
  `);
}

const paidCount = async (url: string) => Number((await query<{ n: string }>(url, `select count(*) n from invoices where uid like 'kill-inv-%' and status = 'Paid'`))[0]!.n);

/** Per invoice: succeeded sandbox charges (on its customer's intents) and succeeded payments. */
async function exactlyOnce(url: string) {
  return query<{ uid: string; charges: string; payments: string; status: string; amount_paid: number; total: number }>(url, `
    select i.uid, i.status, i.amount_paid, i.total,
      (select count(*) from sandbox_charges c join sandbox_intents si on si.id = c.intent_id
        where si.customer_id = replace(i.account_uid, 'kill-acc-', 'cus_kill_') and c.status = 'succeeded') charges,
      (select count(*) from payments p where p.invoice_uid = i.uid and p.status = 'succeeded') payments
    from invoices i where i.uid like 'kill-inv-%'`);
}

async function scenario(processes: 1 | 2): Promise<void> {
  const db = await freshPostgresDatabase(pgUrl!);
  const env = { PORTICO_CONFIG: configFile(), PORTICO_DATA_DIR: path.join(root, `data-${processes}`), PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, PORTICO_PUBLIC_URL: 'http://localhost:3000', DATABASE_URL: db.url };
  const servers: SpawnedServer[] = [];
  try {
    // The schema and the demo company: one start and a clean stop.
    const migrate = spawnServer(env);
    servers.push(migrate);
    await started(migrate);
    migrate.child.kill('SIGTERM');
    expect(await migrate.exited(), migrate.stderr()).toBe(0);
    await seed(db.url);

    // 1. The collector starts at once (every periodic job runs at start); killed with some paid, many not.
    const first = Array.from({ length: processes }, () => spawnServer(env));
    servers.push(...first);
    await Promise.all(first.map(started));
    await until('some invoices paid', async () => (await paidCount(db.url)) >= 100, first);
    for (const s of first) s.child.kill('SIGKILL');
    await Promise.all(first.map((s) => s.exited()));
    const atKill = await paidCount(db.url);
    expect(atKill).toBeLessThan(INVOICES);

    // 2. Restarted: the attempts the dead processes held come back when their outbox lease ends, same key.
    const second = Array.from({ length: processes }, () => spawnServer(env));
    servers.push(...second);
    await Promise.all(second.map(started));
    await until('every invoice paid', async () => (await paidCount(db.url)) === INVOICES, second, 200_000);
    for (const s of second) s.child.kill('SIGTERM');
    for (const s of second) expect(await s.exited(), s.stderr()).toBe(0);

    const rows = await exactlyOnce(db.url);
    expect(rows).toHaveLength(INVOICES);
    const wrong = rows.filter((r) => r.status !== 'Paid' || Number(r.charges) !== 1 || Number(r.payments) !== 1 || r.amount_paid !== r.total);
    expect(wrong.slice(0, 5), `${wrong.length} invoices not charged exactly once`).toEqual([]);
    const receipts = await query<{ n: string }>(db.url, `select count(*) n from outbox where topic = 'mail.receipt' and payload->>'invoiceUid' like 'kill-inv-%'`);
    expect(Number(receipts[0]!.n)).toBe(INVOICES);
  } finally {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) { s.child.kill('SIGKILL'); await s.exited(); }
    await db.drop();
  }
}

describe.skipIf(!pgUrl)('collection killed mid-way on PostgreSQL (2,000 due invoices)', () => {
  it('one server: SIGKILL, restart, every invoice charged exactly once', { timeout: 420_000 }, async () => {
    await scenario(1);
  });
  it('two server processes at once: SIGKILL both, restart both, every invoice charged exactly once', { timeout: 420_000 }, async () => {
    await scenario(2);
  });
});
