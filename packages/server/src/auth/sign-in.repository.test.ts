import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { accounts, personAccounts, subscriptions } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import { unitOfWork } from '../unit-of-work.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const at = (iso: string) => new Date(iso);

describe('personWithAccountsByEmail (the one read of a password sign-in)', () => {
  it('answers what personByEmail, memberships and currentSubscription answer one by one', async () => {
    const db = t.database.db;
    const uow = unitOfWork(db);
    const customer = await importCustomer(t);
    const personUid = customer.PrimaryContact.Uid as string;
    const email = customer.PrimaryContact.Email as string;
    // Two more accounts: one with an ended, a live and a future subscription (the live one wins),
    // one whose subscriptions all ended (the latest start wins), and one with none.
    const sub = (accountUid: string, planUid: string, startDate: string, endDate: string | null) => ({
      uid: newUid(), accountUid, planUid, quantity: 1, billingRenewalTerm: 'Monthly', startDate: at(startDate), endDate: endDate ? at(endDate) : null,
    });
    const [mixed, ended, none] = [newUid(), newUid(), newUid()];
    await db.insert(accounts).values([{ uid: mixed, name: 'Mixed', clientIdentifier: 'MIX-1' }, { uid: ended, name: 'Ended' }, { uid: none, name: 'None' }]);
    await db.insert(personAccounts).values([
      { uid: newUid(), personUid, accountUid: mixed, isPrimary: false, created: at('2026-03-15T12:00:01Z') },
      { uid: newUid(), personUid, accountUid: ended, isPrimary: true, created: at('2026-03-15T12:00:02Z') },
      { uid: newUid(), personUid, accountUid: none, isPrimary: false, created: at('2026-03-15T12:00:03Z') },
    ]);
    const live = sub(mixed, 'plan-starter', '2026-02-01T00:00:00Z', null);
    const latestEnded = sub(ended, 'plan-starter', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
    await db.insert(subscriptions).values([
      sub(mixed, 'plan-starter', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'), live, sub(mixed, 'plan-starter', '2026-06-01T00:00:00Z', null),
      sub(ended, 'plan-starter', '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z'), latestEnded,
    ]);

    const now = t.clock.now();
    const found = await uow.signIn.personWithAccountsByEmail(email.toUpperCase(), now);
    expect(found?.person).toEqual(await uow.signIn.personByEmail(email));
    const oneByOne = await Promise.all((await uow.signIn.memberships(personUid)).map(async (m) => ({ ...m, subscription: await uow.signIn.currentSubscription(m.accountUid, now) })));
    expect(found?.memberships).toEqual(oneByOne);
    const of = (accountUid: string) => found?.memberships.find((m) => m.accountUid === accountUid);
    expect([mixed, ended, none].map((a) => of(a)?.subscription?.uid ?? null)).toEqual([live.uid, latestEnded.uid, null]);
    expect(of(mixed)).toMatchObject({ clientIdentifier: 'MIX-1', isPrimary: false, subscription: { uid: live.uid, planUid: 'plan-starter' } });
    expect(found?.memberships).toHaveLength(4);
    expect(await uow.signIn.personWithAccountsByEmail('nobody@example.com', now)).toBeNull();
  });
});
