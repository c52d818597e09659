import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEMO_CONFIG_PATH } from '../config/load-company-config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { pgliteLocation } from '../db/pglite-location.ts';
import { invoices, outbox, payments, sandboxCharges, sandboxIntents } from '../db/schema.ts';
import { registrationBody } from '../registration/registration-test-helpers.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { HOLD_AFTER_SIGNUP_COMMIT_ENV } from './hold-after-signup-commit.ts';
import { CAPTURE_GRACE_MS } from './payment-recovery.ts';
import { sandboxPublishableKey } from './sandbox/sandbox-ids.ts';

/**
 * Issue 14: a real server process is SIGKILLed between a paid sign-up's commit and its capture
 * (the fault-injection point hold-after-signup-commit.ts), restarted on the same data (the PGlite
 * folder, or PostgreSQL with TEST_DATABASE_URL), and payment recovery, run by the job runner at
 * start, captures and books the payment exactly once: one capture at the sandbox, the invoice paid
 * once, one receipt message.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'portico-recovery-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PUBLIC_URL = 'http://localhost:3000';

/** The demo company without the captcha (a real process cannot be handed a solved challenge cheaply). */
function configFile(): string {
  const config = parse(readFileSync(DEMO_CONFIG_PATH, 'utf8')) as { captcha: { provider: string } };
  config.captcha.provider = 'none';
  const file = path.join(root, 'company.yaml');
  writeFileSync(file, stringify(config));
  return file;
}

/** Waits for `check` to answer something, polling until the deadline (no fixed sleeps). */
async function until<T>(what: string, check: () => Promise<T | null | undefined> | T | null | undefined, server: SpawnedServer, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server said:\n${told(server)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The server's log without the per-request lines. */
const told = (server: SpawnedServer) => `${server.stdout().split('\n').filter((l) => !/"msg":"(incoming request|request completed)"/.test(l)).join('\n').slice(-6000)}\n${server.stderr().slice(-2000)}`;

async function started(server: SpawnedServer): Promise<string> {
  const outcome = await server.outcome;
  if (!outcome.ready) throw new Error(`the server did not start (exit ${outcome.code}): ${server.stderr()}`);
  return outcome.url;
}

async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json() as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** What the sandbox and Portico's tables say about one payment (read with no server running on the data). */
async function paymentState(database: Database, paymentUid: string) {
  const db = database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.uid, paymentUid));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.uid, payment!.invoiceUid!));
  const [intent] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, payment!.gatewayReference));
  const charges = await db.select().from(sandboxCharges).where(eq(sandboxCharges.intentId, payment!.gatewayReference));
  const receipts = await db.select().from(outbox).where(eq(outbox.topic, 'mail.receipt'));
  return {
    accountUid: payment!.accountUid,
    payment: payment!.status,
    invoice: { status: invoice!.status, total: invoice!.total, amountPaid: invoice!.amountPaid },
    atSandbox: { intent: intent!.status, charges: charges.map((c) => c.status) },
    receipts: receipts.length,
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('a server killed between a paid sign-up\'s commit and its capture', () => {
  it('is restarted on the same data and recovery captures the payment exactly once', { timeout: 240_000 }, async () => {
    const pg = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
    const file = configFile();
    const dataDir = path.join(root, 'data');
    const env = {
      PORTICO_CONFIG: file, PORTICO_DATA_DIR: dataDir, PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, PORTICO_PUBLIC_URL: PUBLIC_URL,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const openData = () => (pg ? openDatabase({ url: pg.url }) : openDatabase({ dataDir: pgliteLocation(dataDir, file).dir }));
    const servers: SpawnedServer[] = [];
    try {
      // 1. A paid sign-up on a server that holds after the registration's commit, before the capture.
      const first = spawnServer({ ...env, [HOLD_AFTER_SIGNUP_COMMIT_ENV]: '1' });
      servers.push(first);
      const base = await started(first);
      const body = registrationBody({ Subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
      const intent = await call(base, 'POST', '/api/v1/billing/paymentinformation/intent?intentType=payment', {
        Subscription: { ...body.Subscription, Account: { BillingAddress: body.Account.BillingAddress } },
      });
      const token = await call(base, 'POST', '/sandbox/v1/tokens', {
        api_login_id: sandboxPublishableKey('northwind'), card_number: '4242 4242 4242 4242', expire_month: '12', expire_year: '2034', cvv: '123', name_on_card: 'Ada Lovelace',
      });
      const confirmed = await call(base, 'POST', '/sandbox/v1/intents/confirm', { client_secret: intent.ClientSecret, payment_method: token.onetime_token });
      expect(confirmed.status).toBe('requires_capture');
      const nonce = (await call(base, 'POST', '/api/v1/nonce')).Value as string;
      // The answer never comes: the request waits at the hold until the process dies under it.
      const registering = fetch(`${base}/api/v1/crm/registrations`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': nonce },
        body: JSON.stringify({ ...body, Nonce: nonce, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } }),
      }).then((res) => `answered ${res.status}`, () => 'no answer');
      const paymentUid = await until('the hold after the commit', () => /held after signup commit (\S+)/.exec(first.stdout())?.[1], first);

      // 2. kill -9 between the commit and the capture.
      first.child.kill('SIGKILL');
      await first.exited();
      expect(await registering).toBe('no answer');

      // What the crash left: the sign-up committed, its money authorized and never captured.
      let database = await openData();
      const left = await paymentState(database, paymentUid);
      await database.close();
      expect(left).toMatchObject({
        payment: 'authorized', invoice: { status: 'Open', amountPaid: 0 }, atSandbox: { intent: 'requires_capture', charges: ['authorized'] }, receipts: 0,
      });
      expect(left.invoice.total).toBeGreaterThan(0);

      // 3. Restarted on the same data, its clock past the grace left to the request that died (as a
      //    restart a few minutes later would be): the job runner's run at start recovers the payment.
      const second = spawnServer({ ...env, PORTICO_CLOCK: new Date(Date.now() + CAPTURE_GRACE_MS + 60_000).toISOString() });
      servers.push(second);
      const again = await started(second);
      await until('the invoice paid', async () => {
        const owed = await call(again, 'GET', `/api/v1/billing/paymentinformation/stripe/intent-amount?accountUid=${left.accountUid}&intentType=auto`, undefined, {
          authorization: `Bearer ${TEST_ADMIN_KEY}`,
        });
        return owed.OutstandingAmount === 0 ? true : null;
      }, second);
      second.child.kill('SIGTERM');
      expect(await second.exited(), second.stderr()).toBe(0);

      database = await openData();
      const recovered = await paymentState(database, paymentUid);
      await database.close();
      expect(recovered).toEqual({
        accountUid: left.accountUid, payment: 'succeeded',
        invoice: { status: 'Paid', total: left.invoice.total, amountPaid: left.invoice.total },
        atSandbox: { intent: 'succeeded', charges: ['succeeded'] }, receipts: 1,
      });
      expect(second.stdout()).toContain('payment recovery captured a payment its sign-up left authorized');
    } finally {
      for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) { s.child.kill('SIGKILL'); await s.exited(); }
      await pg?.drop();
    }
  });
});
