import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { catalogSnapshots } from '../billing/catalog-snapshot.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { changeSubscription, type PlanChangeDeps } from '../billing/change-subscription.ts';
import { getAccount } from '../accounts/get-account.ts';
import { listSubscriptions } from '../billing/list-subscriptions.ts';
import type { Caller } from './caller.ts';

let t: TestApp;
let deps: PlanChangeDeps;
beforeAll(async () => {
  t = await createTestApp({ clock: '2026-03-15T12:00:00Z' });
  const catalog = catalogRepository(t.database.db);
  deps = { config: t.config, clock: t.clock, catalog, uow: unitOfWork(t.database.db), snapshots: catalogSnapshots(catalog, memoryBus()),
    gateway: t.app.payments.gateway, wakeOutbox: () => undefined, activityWebhookConfigured: false };
});
afterAll(async () => { await t.close(); });

describe('the caller is decided once and use cases check it', () => {
  it('the admin key makes the caller the admin; without it the caller is anonymous and account use cases refuse', async () => {
    const account = await importCustomer(t);
    const anonymous: Caller = { kind: 'anonymous', ip: '203.0.113.9' };
    await expect(getAccount(deps, anonymous, account.Uid)).rejects.toMatchObject({ code: 'Errors.Unauthorized', status: 401 });
    await expect(listSubscriptions(deps, anonymous, { currentOnly: false }, { limit: 10, offset: 0 })).rejects.toMatchObject({ status: 401 });
    const body = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' as const, SubscriptionAddOns: [], DiscountCouponSubscriptions: [] };
    await expect(changeSubscription(deps, anonymous, account.CurrentSubscription.Uid, body as never)).rejects.toMatchObject({ status: 401 });
  });

  it('a person reaches only their own account: another account\'s uid answers as an unknown one (404); only the primary contact changes', async () => {
    const mine = await importCustomer(t);
    const theirs = await importCustomer(t);
    const me: Caller = { kind: 'person', ip: '203.0.113.9', personUid: mine.PrimaryContact.Uid, accountUid: mine.Uid, isPrimary: true };
    expect((await getAccount(deps, me, mine.Uid))?.Uid).toBe(mine.Uid);
    await expect(getAccount(deps, me, theirs.Uid)).rejects.toMatchObject({ code: 'Errors.NotFound', status: 404 });
    const listed = await listSubscriptions(deps, me, { currentOnly: false }, { limit: -1, offset: 0 });
    expect(new Set(listed.items.map((s) => s.Account.Uid))).toEqual(new Set([mine.Uid]));
    await expect(listSubscriptions(deps, me, { accountUid: theirs.Uid, currentOnly: false }, { limit: -1, offset: 0 })).rejects.toMatchObject({ status: 404 });
    const body = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' as const, SubscriptionAddOns: [], DiscountCouponSubscriptions: [] };
    const unknown = await changeSubscription(deps, me, 'no-such-subscription', body as never).catch((e: unknown) => e);
    const other = await changeSubscription(deps, me, theirs.CurrentSubscription.Uid, body as never).catch((e: unknown) => e);
    expect(other).toMatchObject({ code: 'Errors.SubscriptionNotFound', status: 404, message: (unknown as Error).message });
    const member: Caller = { ...me, isPrimary: false };
    await expect(changeSubscription(deps, member, mine.CurrentSubscription.Uid, body as never)).rejects.toMatchObject({ code: 'Errors.Forbidden', status: 403 });
    expect((await listSubscriptions(deps, member, { currentOnly: false }, { limit: -1, offset: 0 })).items.length).toBeGreaterThan(0);
    // The primary contact passes the access rule; this upgrade is charged today and the account has no card (docs/payments.md "Plan change payment").
    await expect(changeSubscription(deps, me, mine.CurrentSubscription.Uid, body as never)).rejects.toMatchObject({ code: 'Errors.PaymentInformationRequired' });
  });

  it('a person who has not chosen an account is refused before any list (403), never given the unfiltered one', async () => {
    const undecided: Caller = { kind: 'person', ip: '203.0.113.9', personUid: 'someone', accountUid: null };
    await expect(listSubscriptions(deps, undecided, { currentOnly: false }, { limit: -1, offset: 0 })).rejects.toMatchObject({ status: 403 });
  });
});
