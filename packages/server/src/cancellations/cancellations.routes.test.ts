import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { counts, expectRejectedWithoutWrites } from '../billing/billing-test-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer, TEST_PASSWORD, type TestCustomer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';

/**
 * Cancel and restore (issue 16 section 1, spec 2 sections 2, 4 and 7; docs/billing.md "Cancel and restore"):
 * the plan ends at the current period's end, the account is Cancelling (CancellingTrial in a trial), and
 * 'Restore plan' reopens it exactly. Real HTTP, real database, answers checked against the OpenAPI document.
 */
const NOW = '2026-03-15T12:00:00Z';
const PATH = '/api/v1/profile/account/cancellations';
const PRO = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-01-10T09:00:00Z' };

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: NOW }); });
beforeEach(() => { t.clock.set(new Date(NOW)); });
afterAll(async () => { await t.close(); });

const cancel = (token: string, body: Record<string, unknown> = {}, key?: string) => t.request({
  method: 'POST', url: PATH, payload: body, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
});
const restore = (token: string, key?: string) => t.request({ method: 'DELETE', url: PATH, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) } });
const account = async (token: string) => (await t.request({ method: 'GET', url: '/api/v1/profile/account', headers: bearer(token) })).json();
const state = async (token: string) => (await t.request({ method: 'GET', url: PATH, headers: bearer(token) })).json();

/** A Pro customer (no trial: periods from the 10th), signed in at NOW. */
const proCustomer = (member = false): Promise<TestCustomer> => signedInCustomer(t, { member, subscription: PRO });

describe('POST /profile/account/cancellations, then DELETE (Restore plan)', () => {
  it('ends the plan at the period end (Cancelling, prior stage kept), and restore reopens it exactly', async () => {
    const c = await proCustomer();
    const before = await account(c.primary.token);
    expect(before).toMatchObject({ AccountStage: null, CurrentSubscription: { EndDate: null, ExpirationDate: null, RenewalDate: '2026-04-10T00:00:00.000Z' } });
    expect(before.LatestSubscription.Uid).toBe(before.CurrentSubscription.Uid);

    const res = await cancel(c.primary.token, {
      Account: { Uid: c.accountUid }, CancelationReason: 'Too expensive', Comment: '  We found a cheaper tool.  ',
      // The server decides these: a claimed stage and time are ignored.
      PriorAccountStage: 'PastDue', SubmittedDateTime: '1999-01-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      Account: { Uid: c.accountUid }, PriorAccountStage: null, CancelationReason: 'Too expensive', Comment: 'We found a cheaper tool.',
      SubmittedDateTime: expect.stringMatching(/^2026-03-15T12:0/), EndDate: '2026-04-10T00:00:00.000Z', Restored: null, AccountStage: 'Cancelling',
    });
    const cancelling = await account(c.primary.token);
    expect(cancelling).toMatchObject({ AccountStage: 'Cancelling', CurrentSubscription: { EndDate: '2026-04-10T00:00:00.000Z', ExpirationDate: null } });
    expect(cancelling.LatestSubscription.EndDate).toBe('2026-04-10T00:00:00.000Z');
    expect((await state(c.primary.token)).Cancellation).toMatchObject({ Uid: res.json().Uid, EndDate: '2026-04-10T00:00:00.000Z' });
    const [audit] = await unitOfWork(t.database.db).auditLog.recent(1, 'plan.cancel');
    expect(audit).toMatchObject({ actor: c.primary.uid, target: c.accountUid });

    // Cancelling twice: the catalogue's 409, nothing written.
    await expectRejectedWithoutWrites(t, () => cancel(c.primary.token, { CancelationReason: 'Other' }), 409, 'Errors.SubscriptionAlreadyCancelling');

    const back = await restore(c.primary.token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ Uid: res.json().Uid, Restored: expect.stringMatching(/^2026-03-15T12:0/), AccountStage: null });
    const after = await account(c.primary.token);
    expect(after.AccountStage).toBeNull();
    expect(after.CurrentSubscription).toEqual(before.CurrentSubscription);
    expect((await state(c.primary.token)).Cancellation).toBeNull();

    // Restoring what is not cancelled.
    await expectRejectedWithoutWrites(t, () => restore(c.primary.token), 409, 'Errors.SubscriptionNotCancelling');
    // A second cancellation after a restore is a new request (one open request per account).
    expect((await cancel(c.primary.token)).statusCode).toBe(201);
  });

  it('keeps a PastDue stage as the prior stage and puts it back on restore', async () => {
    const c = await proCustomer();
    await unitOfWork(t.database.db).cancellations.setAccountStage(c.accountUid, 'PastDue', t.clock.now());
    expect((await cancel(c.primary.token)).json()).toMatchObject({ PriorAccountStage: 'PastDue', AccountStage: 'Cancelling' });
    expect((await restore(c.primary.token)).json()).toMatchObject({ AccountStage: 'PastDue' });
    expect((await account(c.primary.token)).AccountStage).toBe('PastDue');
  });

  it('in a trial the account is CancellingTrial and the plan ends when the trial does', async () => {
    // Starter has a 14-day trial: started 2026-03-10, the trial runs to 2026-03-24.
    const c = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-03-10T09:00:00Z' } });
    expect((await cancel(c.primary.token)).json()).toMatchObject({ AccountStage: 'CancellingTrial', EndDate: '2026-03-24T00:00:00.000Z' });
    expect((await restore(c.primary.token)).json()).toMatchObject({ AccountStage: null });
  });

  it('a scheduled downgrade is deleted when cancelling (the plan ends before it would start); restore does not bring it back', async () => {
    const c = await proCustomer();
    const current = (await account(c.primary.token)).CurrentSubscription;
    const change = await t.request({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${current.Uid}/changesubscription`, headers: bearer(c.primary.token),
      payload: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const scheduled = await account(c.primary.token);
    expect(scheduled.LatestSubscription).toMatchObject({ Plan: { Uid: 'plan-starter' }, StartDate: '2026-04-10T00:00:00.000Z' });

    expect((await cancel(c.primary.token)).statusCode).toBe(201);
    const cancelling = await account(c.primary.token);
    expect(cancelling.LatestSubscription.Uid).toBe(current.Uid);
    expect(cancelling.CurrentSubscription.EndDate).toBe('2026-04-10T00:00:00.000Z');

    expect((await restore(c.primary.token)).statusCode).toBe(200);
    const restored = await account(c.primary.token);
    expect(restored.LatestSubscription.Uid).toBe(current.Uid);
    expect(restored.CurrentSubscription.EndDate).toBeNull();
  });

  it('asks for a recent sign-in: 403 Errors.ReauthenticationRequired and nothing changed, then passes after Confirm it\'s you', async () => {
    const c = await proCustomer();
    t.clock.set(new Date(Date.parse(NOW) + 11 * 60_000));
    await expectRejectedWithoutWrites(t, () => cancel(c.primary.token, { CancelationReason: 'Other' }), 403, 'Errors.ReauthenticationRequired');
    const proof = await t.request({ method: 'POST', url: '/api/v1/auth/reauthenticate', headers: bearer(c.primary.token), payload: { Password: TEST_PASSWORD } });
    expect(proof.statusCode, proof.body).toBe(204);
    expect((await cancel(c.primary.token, { CancelationReason: 'Other' })).statusCode).toBe(201);
  });

  it('a replay with the Idempotency-Key answers the first request once; the key with another body is a 409', async () => {
    const c = await proCustomer();
    const first = await cancel(c.primary.token, { CancelationReason: 'Lacks features' }, 'cancel-key-0001');
    expect(first.statusCode).toBe(201);
    const again = await cancel(c.primary.token, { CancelationReason: 'Lacks features' }, 'cancel-key-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await cancel(c.primary.token, { CancelationReason: 'Other' }, 'cancel-key-0001');
    expect(other.json()).toMatchObject({ Status: 409, ErrorCode: 'Errors.Conflict' });

    const r1 = await restore(c.primary.token, 'restore-key-0001');
    const r2 = await restore(c.primary.token, 'restore-key-0001');
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
  });

  it('two cancellations at once: one request is open, the other is the 409', async () => {
    const c = await proCustomer();
    const answers = await Promise.all([cancel(c.primary.token, { CancelationReason: 'Other' }), cancel(c.primary.token, { CancelationReason: 'Poor support' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().ErrorCode).toBe('Errors.SubscriptionAlreadyCancelling');
    // Two restores at once: one restores, the other finds nothing to restore.
    const restores = await Promise.all([restore(c.primary.token), restore(c.primary.token)]);
    expect(restores.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('bad input is one 400 shape and writes nothing: unknown reason, NUL, huge strings, 1e308, __proto__, another key', async () => {
    const c = await proCustomer();
    const bodies: unknown[] = [
      { CancelationReason: 'Because' }, { CancelationReason: 'Other\u0000' }, { Comment: 'x'.repeat(2001) }, { CancelationReason: 'y'.repeat(10_000) },
      { CancelationReason: 1e308 }, { Comment: 1e308 }, JSON.parse('{"__proto__": {"admin": true}}'), { Account: { Uid: 'x'.repeat(5000) } }, { Unknown: 1 }, [],
    ];
    const before = await counts(t);
    for (const body of bodies) {
      const res = await t.request({ method: 'POST', url: PATH, headers: bearer(c.primary.token), payload: body as object });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ Status: 400, ErrorCode: expect.stringMatching(/^Errors\./), FieldErrors: expect.any(Array) });
    }
    expect(await counts(t)).toEqual(before);
    expect((await account(c.primary.token)).AccountStage).toBeNull();
  });

  it('who may cancel: a member 403, another account 404, anonymous 401; the admin key names the account', async () => {
    const c = await proCustomer(true);
    const other = await proCustomer();
    await expectRejectedWithoutWrites(t, () => cancel(c.member!.token), 403, 'Errors.Forbidden');
    await expectRejectedWithoutWrites(t, () => restore(c.member!.token), 403, 'Errors.Forbidden');
    await expectRejectedWithoutWrites(t, () => cancel(other.primary.token, { Account: { Uid: c.accountUid } }), 404, 'Errors.NotFound');
    expect((await t.request({ method: 'POST', url: PATH, payload: {} })).statusCode).toBe(401);
    // A member reads the state (no offer for them), not another account's.
    expect((await t.request({ method: 'GET', url: PATH, headers: bearer(c.member!.token) })).json()).toEqual({ Cancellation: null, RetentionOffer: null });
    expect((await t.request({ method: 'GET', url: `${PATH}?accountUid=${c.accountUid}`, headers: bearer(other.primary.token) })).statusCode).toBe(404);

    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: PATH, payload: {} }), 400, 'Errors.ValidationFailed');
    const byAdmin = await t.admin({ method: 'POST', url: PATH, payload: { Account: { Uid: c.accountUid } } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((await t.admin({ method: 'DELETE', url: `${PATH}?accountUid=${c.accountUid}` })).statusCode).toBe(200);
    expect((await t.admin({ method: 'DELETE', url: `${PATH}?accountUid=no-such-account` })).statusCode).toBe(404);
  });

  it('a one-time plan does not renew: nothing to cancel', async () => {
    const c = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-course' }, Quantity: 1, BillingRenewalTerm: 'OneTime', StartDate: '2026-01-10T09:00:00Z' } });
    await expectRejectedWithoutWrites(t, () => cancel(c.primary.token), 400, 'Errors.OneTimePlanCannotChange');
  });

  it('once the end date has passed, the plan has ended: restore is Errors.SubscriptionExpired', async () => {
    const c = await proCustomer();
    expect((await cancel(c.primary.token)).statusCode).toBe(201);
    t.clock.set(new Date('2026-04-10T00:00:01Z'));
    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'DELETE', url: `${PATH}?accountUid=${c.accountUid}` }), 400, 'Errors.SubscriptionExpired');
  });

  it('a subscription with an ExpirationDate cannot be restored', async () => {
    const c = await proCustomer();
    expect((await cancel(c.primary.token)).statusCode).toBe(201);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update subscriptions set expiration_date = '2026-06-01T00:00:00Z' where account_uid = ${c.accountUid}`);
    await expectRejectedWithoutWrites(t, () => restore(c.primary.token), 409, 'Errors.SubscriptionNotCancelling');
  });
});

describe('configured reasons and the retention offer', () => {
  const base = loadCompanyConfig();
  const config = companyConfigSchema.parse({
    ...base, billing: { ...base.billing, cancellationReasons: ['Moved to another tool', 'Other'], retentionOffer: { couponUid: 'coupon-friends', message: 'Stay and get 10% off, forever.' } },
  });
  let c2: TestApp;
  beforeAll(async () => { c2 = await createTestApp({ config, clock: NOW, database: await openTestDatabase() }); });
  afterAll(async () => { await c2.close(); });
  const customer = () => signedInCustomer(c2, { member: true, subscription: PRO });
  const get = (token: string) => c2.request({ method: 'GET', url: PATH, headers: bearer(token) });
  const accept = (token: string, key?: string) => c2.request({ method: 'POST', url: `${PATH}/retention-offer`, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) } });

  it('init settings carry the configured reasons; a default reason is refused, a configured one accepted', async () => {
    const init = await c2.request({ method: 'GET', url: '/api/v1/widgets/auth/init' });
    expect(init.json().CancellationReasons).toEqual(['Moved to another tool', 'Other']);
    // The demo company configures none: the widget uses the spec's six.
    expect((await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json().CancellationReasons).toBeUndefined();
    const c = await customer();
    await expectRejectedWithoutWrites(c2, () => c2.request({ method: 'POST', url: PATH, headers: bearer(c.primary.token), payload: { CancelationReason: 'Too expensive' } }), 400, 'Errors.ValidationFailed');
    expect((await c2.request({ method: 'POST', url: PATH, headers: bearer(c.primary.token), payload: { CancelationReason: 'Moved to another tool' } })).statusCode).toBe(201);
  });

  it('the offer shows for the primary contact; accepting puts the coupon on the current subscription and keeps the plan, once', async () => {
    const c = await customer();
    expect((await get(c.member!.token)).json().RetentionOffer).toBeNull();
    const offer = (await get(c.primary.token)).json().RetentionOffer;
    expect(offer).toMatchObject({ Message: 'Stay and get 10% off, forever.', DiscountCoupon: { Uid: 'coupon-friends', PercentOff: 10 } });
    expect((await accept(c.member!.token)).statusCode).toBe(403);

    const res = await accept(c.primary.token, 'offer-key-0001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Subscription).toMatchObject({ EndDate: null, CurrentDiscountCouponSubscriptions: [{ DiscountCoupon: { Uid: 'coupon-friends' } }] });
    const replay = await accept(c.primary.token, 'offer-key-0001');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect((await get(c.primary.token)).json().RetentionOffer).toBeNull();
    await expectRejectedWithoutWrites(c2, () => accept(c.primary.token), 409, 'Errors.RetentionOfferUnavailable');
  });

  it('cancelling past the offer spends it: after a restore it is not offered again', async () => {
    const c = await customer();
    expect((await get(c.primary.token)).json().RetentionOffer).not.toBeNull();
    expect((await c2.request({ method: 'POST', url: PATH, headers: bearer(c.primary.token), payload: {} })).statusCode).toBe(201);
    expect((await c2.request({ method: 'DELETE', url: PATH, headers: bearer(c.primary.token) })).statusCode).toBe(200);
    expect((await get(c.primary.token)).json().RetentionOffer).toBeNull();
    await expectRejectedWithoutWrites(c2, () => accept(c.primary.token), 409, 'Errors.RetentionOfferUnavailable');
  });

  it('two accepts at once apply the coupon once', async () => {
    const c = await customer();
    const answers = await Promise.all([accept(c.primary.token), accept(c.primary.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
