import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

describe('admin account support routes', () => {
  it('sets the stage and adds an existing person as a member; sign-in then sees both', async () => {
    const owner = await importCustomer(t);
    const other = await importCustomer(t);
    const stage = await t.admin({ method: 'PUT', url: `/api/v1/admin/accounts/${owner.Uid}/stage`, payload: { AccountStage: 'PastDue' } });
    expect(stage.statusCode, stage.body).toBe(200);
    expect(stage.json()).toEqual({ Uid: owner.Uid, AccountStage: 'PastDue' });
    const added = await t.admin({ method: 'POST', url: `/api/v1/admin/accounts/${owner.Uid}/members`, payload: { Email: other.PrimaryContact.Email.toUpperCase() } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ AccountUid: owner.Uid, PersonUid: other.PrimaryContact.Uid, IsPrimary: false });
    const memberships = await unitOfWork(t.database.db).signIn.memberships(other.PrimaryContact.Uid);
    expect(memberships.map((m) => [m.accountUid, m.isPrimary])).toEqual([[other.Uid, true], [owner.Uid, false]]);
    const again = await t.admin({ method: 'POST', url: `/api/v1/admin/accounts/${owner.Uid}/members`, payload: { Email: other.PrimaryContact.Email } });
    expect(again.statusCode).toBe(409);
  });

  it('refuses unknown accounts and people, bad input and calls without the admin key', async () => {
    const owner = await importCustomer(t);
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/accounts/nope/stage', payload: { AccountStage: 'PastDue' } })).statusCode).toBe(404);
    expect((await t.admin({ method: 'POST', url: `/api/v1/admin/accounts/${owner.Uid}/members`, payload: { Email: 'nobody@example.com' } })).statusCode).toBe(404);
    for (const payload of [{ AccountStage: 'Gone' }, { AccountStage: 1e308 }, { AccountStage: 'Past\u0000Due' }, { AccountStage: 'x'.repeat(1_000_000) }, JSON.parse('{"__proto__":{"x":1},"AccountStage":"PastDue"}')]) {
      const res = await t.admin({ method: 'PUT', url: `/api/v1/admin/accounts/${owner.Uid}/stage`, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await t.request({ method: 'PUT', url: `/api/v1/admin/accounts/${owner.Uid}/stage`, payload: { AccountStage: 'PastDue' } })).statusCode).toBe(401);
  });
});
