import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEMO_CONFIG_PATH } from '../config/load-company-config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { pgliteLocation } from '../db/pglite-location.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { HOLD_IN_RENEWAL_BATCH_ENV } from './hold-in-renewal-batch.ts';

/**
 * Issue 17: a real server process is SIGKILLed in the middle of a renewal pass of 2,000 due
 * subscriptions (inside a batch's transaction, earlier batches committed and their charges under way:
 * the fault-injection point hold-in-renewal-batch.ts), restarted, and left to finish: every subscription
 * renewed exactly once (one renewal invoice per subscription and period, the renewal date one period on,
 * invoice numbers gapless and unique) and every invoice charged exactly once (one succeeded charge in the
 * sandbox's own tables per customer, one booked payment per invoice, all Paid). On PostgreSQL (TEST_DATABASE_URL) again with two server processes at once,
 * one killed mid-pass. On PGlite (no TEST_DATABASE_URL) the single-process case runs on a PGlite
 * folder, and the two-process case proves the other half of the guarantee: a second process on the
 * same folder is refused, so two runners can never share embedded data.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'portico-renewal-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COUNT = 2000;
const BEFORE = '2026-03-01T00:00:00Z';
const DUE = '2026-04-10T00:10:00Z';
const pgUrl = process.env.TEST_DATABASE_URL;

function configFile(): string {
  const config = parse(readFileSync(DEMO_CONFIG_PATH, 'utf8')) as { captcha: { provider: string } };
  config.captcha.provider = 'none';
  const file = path.join(root, 'company.yaml');
  writeFileSync(file, stringify(config));
  return file;
}

const told = (server: SpawnedServer) => `${server.stdout().split('\n').filter((l) => !/"msg":"(incoming request|request completed)"/.test(l)).join('\n').slice(-6000)}\n${server.stderr().slice(-2000)}`;

async function until<T>(what: string, check: () => Promise<T | null | undefined> | T | null | undefined, servers: SpawnedServer[], ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the servers said:\n${servers.map(told).join('\n----\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function started(server: SpawnedServer): Promise<string> {
  const outcome = await server.outcome;
  if (!outcome.ready) throw new Error(`the server did not start (exit ${outcome.code}): ${server.stderr()}`);
  return outcome.url;
}

/** 2,000 accounts on Pro monthly with a saved sandbox card, their period ending 2026-04-10 (one INSERT … SELECT generate_series each). */
async function seed(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`insert into accounts (uid, name) select 'kacct-' || i, 'Kill test ' || i from generate_series(1, ${COUNT}) i`));
  await database.db.execute(sql.raw(`insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior)
    select 'pm_kren_' || i, 'cus_kren_' || i, 'visa', '4242', 12, 2034, 'succeed' from generate_series(1, ${COUNT}) i`));
  await database.db.execute(sql.raw(`insert into payment_information (uid, account_uid, card_type, last_four_digits, payment_token, gateway, customer_token)
    select 'kren-pi-' || i, 'kacct-' || i, 'visa', '4242', 'pm_kren_' || i, 'sandbox', 'cus_kren_' || i from generate_series(1, ${COUNT}) i`));
  await database.db.execute(sql.raw(`insert into subscriptions (uid, account_uid, plan_uid, quantity, billing_renewal_term, start_date, renewal_date, anchor_date)
    select 'ksub-' || i, 'kacct-' || i, 'plan-pro', 1, 'Monthly', '2026-01-10T00:00:00Z', '2026-04-10T00:00:00Z', '2026-01-10' from generate_series(1, ${COUNT}) i`));
}

interface PassState {
  invoices: number; perSubscriptionMax: number; renewedDates: number; numbersGapless: boolean; numbersUnique: boolean; due: number;
  /** Renewal invoices Paid; succeeded sandbox charges on the customers' intents (the provider's own record); the most on one customer. */
  paid: number; charges: number; chargesPerCustomerMax: number; paymentsPerInvoiceMax: number;
}

async function state(database: Database): Promise<PassState> {
  const q = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;
  const inv = await q<{ n: string; per_max: string | null }>(`select count(*) n, max(c) per_max from (select count(*) c from invoices where kind = 'renewal' and subscription_uid like 'ksub-%' group by subscription_uid, period_start) x`);
  const dates = await q<{ n: string }>(`select count(*) n from subscriptions where uid like 'ksub-%' and renewal_date = '2026-05-10T00:00:00Z'`);
  const due = await q<{ n: string }>(`select count(*) n from subscriptions where uid like 'ksub-%' and renewal_date <= '2026-04-10T00:00:00Z'`);
  const nums = await q<{ n: string; d: string; lo: number | null; hi: number | null }>(`select count(*) n, count(distinct invoice_number) d, min(invoice_number) lo, max(invoice_number) hi from invoices`);
  const paid = await q<{ n: string }>(`select count(*) n from invoices where kind = 'renewal' and subscription_uid like 'ksub-%' and status = 'Paid' and amount_paid = total`);
  // Each customer has one renewal invoice, so a customer's succeeded charges are that invoice's charges.
  const charges = await q<{ n: string; per_max: string | null }>(`select count(*) n, max(c) per_max from (select count(*) c from sandbox_charges ch join sandbox_intents si on si.id = ch.intent_id
    where si.customer_id like 'cus_kren_%' and ch.status = 'succeeded' group by si.customer_id) x`);
  const payments = await q<{ per_max: string | null }>(`select max(c) per_max from (select count(*) c from payments where status = 'succeeded' and account_uid like 'kacct-%' group by invoice_uid) x`);
  const total = Number(nums.n);
  return {
    paid: Number(paid.n), charges: Number(charges.n), chargesPerCustomerMax: Number(charges.per_max ?? 0), paymentsPerInvoiceMax: Number(payments.per_max ?? 0),
    invoices: Number(inv.n), perSubscriptionMax: Number(inv.per_max ?? 0), renewedDates: Number(dates.n), due: Number(due.n),
    numbersUnique: Number(nums.d) === total, numbersGapless: total === 0 || (nums.lo === 1 && nums.hi === total),
  };
}

async function prepare(env: Record<string, string>, openData: () => Promise<Database>): Promise<void> {
  // A first start migrates and seeds the demo company; then the 2,000 customers are written directly.
  const first = spawnServer({ ...env, PORTICO_CLOCK: BEFORE });
  await started(first);
  first.child.kill('SIGTERM');
  expect(await first.exited(), first.stderr()).toBe(0);
  const database = await openData();
  try { await seed(database); } finally { await database.close(); }
}

/**
 * Whether every customer's renewal invoice is Paid, asked of the running server (an embedded PGlite
 * folder cannot be opened by a second process while the server holds it): the admin billing read of
 * each account not yet seen paid, twenty at a time.
 */
const paidSeen = new Set<number>();
async function allPaidOverApi(url: string): Promise<true | null> {
  const open = Array.from({ length: COUNT }, (_, i) => i + 1).filter((i) => !paidSeen.has(i));
  for (let at = 0; at < open.length; at += 20) {
    await Promise.all(open.slice(at, at + 20).map(async (i) => {
      const res = await fetch(`${url}/api/v1/admin/accounts/kacct-${i}/billing`, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
      const body = await res.json() as { Invoices?: { Kind: string; Status: string }[] };
      if (body.Invoices?.some((inv) => inv.Kind === 'renewal' && inv.Status === 'Paid')) paidSeen.add(i);
    }));
  }
  return paidSeen.size === COUNT ? true : null;
}

const exactlyOnce: PassState = {
  invoices: COUNT, perSubscriptionMax: 1, renewedDates: COUNT, due: 0, numbersGapless: true, numbersUnique: true,
  paid: COUNT, charges: COUNT, chargesPerCustomerMax: 1, paymentsPerInvoiceMax: 1,
};

describe('a server killed in the middle of a renewal pass of 2,000 due subscriptions', () => {
  it('is restarted and finishes the pass: every subscription renewed exactly once (numbers gapless), every invoice charged exactly once', { timeout: 300_000 }, async () => {
    const pg = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
    const file = configFile();
    const dataDir = path.join(root, 'one');
    const env = { PORTICO_CONFIG: file, PORTICO_DATA_DIR: dataDir, PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, LOG_LEVEL: 'info', ...(pg ? { DATABASE_URL: pg.url } : {}) };
    const openData = () => (pg ? openDatabase({ url: pg.url }) : openDatabase({ dataDir: pgliteLocation(dataDir, file).dir }));
    const servers: SpawnedServer[] = [];
    try {
      await prepare(env, openData);
      // The pass starts with the runner; the fourth batch holds inside its transaction and is killed there.
      const killed = spawnServer({ ...env, PORTICO_CLOCK: DUE, [HOLD_IN_RENEWAL_BATCH_ENV]: '4' });
      servers.push(killed);
      await started(killed);
      await until('the hold in batch 4', () => (/held in renewal batch 4/.test(killed.stdout()) ? true : null), servers);
      killed.child.kill('SIGKILL');
      await killed.exited();

      let database = await openData();
      const left = await state(database);
      await database.close();
      // Three batches of 200 committed; the held one rolled back with the process.
      expect(left).toMatchObject({ invoices: 600, perSubscriptionMax: 1, renewedDates: 600, due: COUNT - 600, numbersGapless: true, numbersUnique: true });

      const again = spawnServer({ ...env, PORTICO_CLOCK: DUE });
      servers.push(again);
      const againUrl = await started(again);
      await until('the pass finished', () => (/"msg":"renewal pass"/.test(again.stdout()) ? true : null), servers);
      // The charges the killed process had claimed (some maybe made at the sandbox, not yet booked) finish
      // once their outbox lease ends; every invoice is then Paid, each charged once.
      await until('every renewal invoice paid', () => allPaidOverApi(againUrl), servers, 240_000);
      again.child.kill('SIGTERM');
      expect(await again.exited(), again.stderr()).toBe(0);
      database = await openData();
      expect(await state(database)).toEqual(exactlyOnce);
      await database.close();
    } finally {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await pg?.drop();
    }
  });

  it(pgUrl ? 'with two server processes at once on PostgreSQL, one killed mid-pass: still exactly once' : 'on PGlite a second server process on the same data folder is refused (two runners never share embedded data)', { timeout: 300_000 }, async () => {
    const file = configFile();
    const dataDir = path.join(root, 'two');
    if (!pgUrl) {
      const env = { PORTICO_CONFIG: file, PORTICO_DATA_DIR: dataDir, PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, PORTICO_CLOCK: BEFORE };
      const a = spawnServer(env);
      await started(a);
      const b = spawnServer(env);
      const outcome = await b.outcome;
      a.child.kill('SIGTERM');
      await a.exited();
      expect(outcome.ready).toBe(false);
      expect(b.stderr()).toMatch(/could not start/i);
      return;
    }
    const pg = await freshPostgresDatabase(pgUrl);
    const env = { PORTICO_CONFIG: file, PORTICO_DATA_DIR: dataDir, PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, LOG_LEVEL: 'info', DATABASE_URL: pg.url };
    const openData = () => openDatabase({ url: pg.url });
    const servers: SpawnedServer[] = [];
    try {
      await prepare(env, openData);
      // Both start the pass together; A holds inside its second batch (its 200 rows locked), B renews the rest around it.
      const a = spawnServer({ ...env, PORTICO_CLOCK: DUE, [HOLD_IN_RENEWAL_BATCH_ENV]: '2' });
      const b = spawnServer({ ...env, PORTICO_CLOCK: DUE });
      servers.push(a, b);
      const [, bUrl] = await Promise.all([started(a), started(b)]);
      await until('A holding in batch 2', () => (/held in renewal batch 2/.test(a.stdout()) ? true : null), servers);
      a.child.kill('SIGKILL');
      await a.exited();
      // B's next pass is due a minute on by its clock: move it (the admin clock wakes the runner).
      const database = await openData();
      try {
        const res = await fetch(`${bUrl}/api/v1/admin/clock`, {
          method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_KEY}` }, body: JSON.stringify({ Now: '2026-04-10T00:20:00Z' }),
        });
        expect(res.status).toBe(200);
        await until('every subscription renewed and paid', async () => {
          const now = await state(database);
          return now.due === 0 && now.paid === COUNT ? true : null;
        }, servers, 240_000);
        b.child.kill('SIGTERM');
        expect(await b.exited(), b.stderr()).toBe(0);
        expect(await state(database)).toEqual(exactlyOnce);
      } finally {
        await database.close();
      }
    } finally {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await pg.drop();
    }
  });
});
