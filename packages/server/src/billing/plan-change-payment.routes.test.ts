import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { CARDS, confirm, cardToken } from '../payments/payments-test-helpers.ts';
import { bearer, invite, teamOwner } from '../team/team-test-helpers.ts';
import { counts } from './billing-test-helpers.ts';

/**
 * Issue 16 §1: an upgrade is invoiced and charged now, off-session on the saved card (docs/payments.md
 * "Plan change payment"); a declined charge or one waiting for the bank changes nothing; a downgrade is
 * scheduled and charges nothing. Imported Starter accounts (started 2026-01-10, trial to 01-24), on 03-15:
 * mid-period of 03-24's renewal.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;
const pro = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
const starter = { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
const SAVE_CARDS = { ...CARDS, declinesCharges: '4000 0000 0000 0341' } as const;

/** A signed-in owner of an imported Starter account, with a card saved the way the widget saves one (setup intent, then save). */
async function owner(card: string | null = SAVE_CARDS.visa) {
  const o = await teamOwner(t, { plan: 'plan-starter', quantity: 1 });
  const subscriptionUid = (await rows(sql`select uid from subscriptions where account_uid = ${o.accountUid}`))[0]!.uid as string;
  if (card) {
    const setup = await t.request({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${o.accountUid}`, headers: bearer(o.token), payload: {} });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().ClientSecret as string;
    const confirmed = await confirm(t, secret, await cardToken(t, card));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    if (confirmed.json().status === 'requires_action') await authenticate(secret);
    const saved = await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', headers: bearer(o.token), payload: { PaymentClientSecret: secret, Account: { Uid: o.accountUid } } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { ...o, subscriptionUid };
}

async function authenticate(clientSecret: string, outcome: 'complete' | 'fail' = 'complete') {
  const res = await t.request({
    method: 'POST', url: '/sandbox/v1/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_secret: clientSecret, outcome }).toString(),
  });
  expect(res.statusCode, res.body).toBeLessThan(400);
}

const change = (o: { token: string; subscriptionUid: string }, body: object, key?: string) => t.request({
  method: 'PUT', url: `/api/v1/billing/subscriptions/${o.subscriptionUid}/changesubscription`, payload: body,
  headers: { ...bearer(o.token), ...(key ? { 'idempotency-key': key } : {}) },
});
const preview = (o: { token: string; subscriptionUid: string }, body: object) => t.request({
  method: 'PUT', url: `/api/v1/billing/subscriptions/${o.subscriptionUid}/changesubscriptionpreview?asOf=now`, payload: body, headers: bearer(o.token),
});

describe('PUT …/changesubscription: an upgrade is invoiced and charged off-session on the saved card', () => {
  it('charges the prorated amount the preview showed, writes a Paid plan_change invoice with its lines, a receipt, and a replay charges nothing more', async () => {
    const o = await owner();
    const shown = (await preview(o, pro)).json();
    expect(shown.Total).toBeGreaterThan(0);
    const res = await change(o, pro, 'upgrade-key-0001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Plan.Uid).toBe('plan-pro');
    const [invoice] = await rows(sql`select uid, kind, status, total, amount_paid, lines, paid_at from invoices where account_uid = ${o.accountUid}`);
    expect(invoice).toMatchObject({ kind: 'plan_change', status: 'Paid', total: Math.round(shown.Total * 100), amount_paid: Math.round(shown.Total * 100) });
    expect(invoice!.paid_at).not.toBeNull();
    const lines = invoice!.lines as { LineItemType: number; Amount: number; Description: string }[];
    expect(lines.map((l) => [l.LineItemType, l.Amount / 100])).toEqual(shown.InvoiceDisplayItems.map((l: { LineItemType: number; Amount: number }) => [l.LineItemType, l.Amount]));
    const payments = await rows(sql`select status, amount, gateway_reference from payments where account_uid = ${o.accountUid}`);
    expect(payments).toEqual([{ status: 'succeeded', amount: Math.round(shown.Total * 100), gateway_reference: expect.stringMatching(/^pi_sbx_off/) }]);
    const [intent] = await rows(sql`select status, off_session, capture_method from sandbox_intents where id = ${payments[0]!.gateway_reference}`);
    expect(intent).toEqual({ status: 'succeeded', off_session: true, capture_method: 'manual' });
    expect(await rows(sql`select 1 from outbox where topic = 'mail.receipt' and payload->'receipt'->>'invoiceNumber' is not null and payload->'receipt'->>'plan' = 'Pro' and payload->>'personUid' = ${o.owner.Uid}`)).toHaveLength(1);

    const before = await counts(t);
    const replay = await change(o, pro, 'upgrade-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    const again = await change(o, pro); // the same change without a key: already current, nothing charged
    expect(again.statusCode, again.body).toBe(200);
    expect(await counts(t)).toEqual(before);
    expect(await rows(sql`select 1 from sandbox_charges c join sandbox_intents i on i.id = c.intent_id where i.customer_id = (select customer_token from payment_information where account_uid = ${o.accountUid}) and i.off_session`)).toHaveLength(1);
  });

  it('a declined charge answers 402 with the provider\'s message and changes nothing', async () => {
    const o = await owner(SAVE_CARDS.declinesCharges);
    const before = await counts(t);
    const res = await change(o, pro);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.CardDeclined', Message: 'Your card was declined.' });
    expect(await counts(t)).toEqual(before);
    const current = await rows(sql`select p.uid from subscriptions s join plans p on p.uid = s.plan_uid where s.account_uid = ${o.accountUid}`);
    expect(current).toEqual([{ uid: 'plan-starter' }]);
  });

  it('a bank asking for authentication: 402 with the intent\'s ClientSecret and nothing changed; once authenticated, the same change with PaymentClientSecret is booked', async () => {
    const o = await owner(SAVE_CARDS.authenticate);
    const before = await counts(t);
    const asked = await change(o, pro);
    expect(asked.statusCode, asked.body).toBe(402);
    const { ErrorCode, ClientSecret } = asked.json();
    expect(ErrorCode).toBe('Errors.PaymentAuthenticationRequired');
    expect(ClientSecret).toMatch(/^pi_sbx_off\w+_secret_\w+$/);
    expect(await counts(t)).toEqual(before);
    // Asked again before authenticating: the same intent (the charge's key), never a second one.
    expect((await change(o, pro)).json().ClientSecret).toBe(ClientSecret);

    await authenticate(ClientSecret);
    const other = await owner();
    const stolen = await t.request({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${other.subscriptionUid}/changesubscription`, payload: { ...pro, PaymentClientSecret: ClientSecret }, headers: bearer(other.token),
    });
    expect(stolen.statusCode, stolen.body).toBe(404); // another account's intent is an unknown one
    const res = await change(o, { ...pro, PaymentClientSecret: ClientSecret });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Plan.Uid).toBe('plan-pro');
    expect(await rows(sql`select status, kind from invoices where account_uid = ${o.accountUid}`)).toEqual([{ status: 'Paid', kind: 'plan_change' }]);
    expect(await rows(sql`select status from payments where account_uid = ${o.accountUid}`)).toEqual([{ status: 'succeeded' }]);
  });

  it('no saved card: 400 Errors.PaymentInformationRequired, nothing written', async () => {
    const o = await owner(null);
    const before = await counts(t);
    const res = await change(o, pro);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().ErrorCode).toBe('Errors.PaymentInformationRequired');
    expect(await counts(t)).toEqual(before);
  });

  it('a downgrade is scheduled for the renewal and charges nothing; an inactive plan and a quantity below the team are refused', async () => {
    const o = await owner();
    expect((await change(o, pro)).statusCode).toBe(200);
    const proUid = (await rows(sql`select uid from subscriptions where account_uid = ${o.accountUid} and plan_uid = 'plan-pro'`))[0]!.uid as string;
    const paidBefore = await rows(sql`select 1 from payments where account_uid = ${o.accountUid}`);
    const down = await change({ ...o, subscriptionUid: proUid }, starter);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ Plan: { Uid: 'plan-starter' }, StartDate: expect.stringMatching(/^2026-03-24/) });
    expect(await rows(sql`select 1 from payments where account_uid = ${o.accountUid}`)).toEqual(paidBefore);
    expect(await rows(sql`select 1 from invoices where account_uid = ${o.accountUid}`)).toHaveLength(1);

    const legacy = await change({ ...o, subscriptionUid: proUid }, { ...pro, Plan: { Uid: 'plan-legacy' } });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().ErrorCode).toBe('Errors.PlanNotAvailable');

    const team = await teamOwner(t, { plan: 'plan-team', quantity: 4 });
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) expect((await invite(t, team.token, { Email: `${Date.now()}-${email}` })).statusCode).toBe(201);
    const teamSub = (await rows(sql`select uid from subscriptions where account_uid = ${team.accountUid}`))[0]!.uid as string;
    const fewer = await change({ token: team.token, subscriptionUid: teamSub }, { Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly' });
    expect(fewer.statusCode, fewer.body).toBe(400);
    expect(fewer.json()).toMatchObject({ ErrorCode: 'Errors.QuantityBelowMinimum', FieldErrors: [{ Field: 'Quantity', Message: expect.stringContaining('Your team has 4 people') }] });
  });

  it('two upgrades at once (different keys): one change, one charge captured, the other authorization released; bad secrets are clear errors', async () => {
    const o = await owner();
    const [a, b] = await Promise.all([change(o, pro, 'twin-key-000001'), change(o, pro, 'twin-key-000002')]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(await rows(sql`select status from payments where account_uid = ${o.accountUid}`)).toEqual([{ status: 'succeeded' }]);
    expect(await rows(sql`select 1 from invoices where account_uid = ${o.accountUid}`)).toHaveLength(1);
    const intents = await rows(sql`select status from sandbox_intents where off_session and customer_id = (select customer_token from payment_information where account_uid = ${o.accountUid}) order by status`);
    // The second either saw the change done before it priced (nothing to charge) or authorized too and released it.
    expect(intents.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    expect(intents.every((r) => r.status === 'succeeded' || r.status === 'canceled')).toBe(true);

    const other = await owner();
    for (const [secret, status, code] of [
      ['pi_sbx_nothing_secret_abc', 404, 'Errors.PaymentIntentNotFound'],
      ['x'.repeat(301), 400, 'Errors.ValidationFailed'],
      ['pi_\u0000_secret_abc', 400, undefined],
    ] as const) {
      const res = await change(other, { ...pro, PaymentClientSecret: secret });
      expect(res.statusCode, res.body).toBe(status);
      if (code) expect(res.json().ErrorCode).toBe(code);
    }
    expect(await rows(sql`select 1 from payments where account_uid = ${other.accountUid}`)).toHaveLength(0);
  });
});
