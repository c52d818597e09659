import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { PEOPLE, bearer, invite, login, member, teamOwner, whoAmI } from './team-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const list = (token: string, query = '') => t.request({ method: 'GET', url: `${PEOPLE}${query}`, headers: bearer(token) });
const put = (token: string, uid: string, body: unknown) => t.request({ method: 'PUT', url: `${PEOPLE}/${uid}`, headers: bearer(token), payload: body as object });
const del = (token: string, uid: string) => t.request({ method: 'DELETE', url: `${PEOPLE}/${uid}`, headers: bearer(token) });

describe('GET /profile/account/people', () => {
  it('pages in the database: owner first, then invoice recipients, then by last name, first name, email; total counts every row', async () => {
    const { token, owner } = await teamOwner(t, { quantity: 10 });
    const zed = await member(t, token, { FirstName: 'Zed', LastName: 'Adams' });
    await member(t, token, { FirstName: 'Amy', LastName: 'Young' });
    const bob = await member(t, token, { FirstName: 'Bob', LastName: 'Young' });
    await member(t, token, { FirstName: 'Cat', LastName: 'Brown' });
    expect((await put(token, bob.link.Uid, { ReceiveInvoices: true })).statusCode).toBe(200);

    const all = await list(token);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.metadata).toEqual({ limit: 25, offset: 0, total: 5 });
    expect(body.items.map((m: { Person: { FirstName: string } }) => m.Person.FirstName)).toEqual(['Ada', 'Bob', 'Zed', 'Cat', 'Amy']);
    expect(body.items[0]).toMatchObject({ IsPrimary: true, Person: { Uid: owner.Uid } });
    expect(body.Seats).toEqual({ PendingInvitations: 0, IsPerUser: true, Quantity: 10, MaximumPeople: 25, Members: 5, UnitOfMeasure: 'seat', UnitOfMeasurePlural: 'seats', CanInvite: true });

    const page2 = (await list(token, '?limit=2&offset=2')).json();
    expect(page2.metadata).toEqual({ limit: 2, offset: 2, total: 5 });
    expect(page2.items.map((m: { Uid: string }) => m.Uid)).toEqual([zed.link.Uid, body.items[3].Uid]);
    const byEmail = (await list(token, `?orderBy=${encodeURIComponent('Email DESC')}`)).json();
    expect(byEmail.items.map((m: { Person: { Email: string } }) => m.Person.Email)).toEqual([...byEmail.items.map((m: { Person: { Email: string } }) => m.Person.Email)].sort().reverse());
    const recipients = (await list(token, '?ReceiveInvoices=true')).json();
    // The imported owner receives invoices already.
    expect(recipients.metadata.total).toBe(2);
    expect(recipients.items.map((m: { Uid: string }) => m.Uid)).toEqual([body.items[0].Uid, bob.link.Uid]);
    expect((await list(token, '?IsPrimary=false')).json().metadata.total).toBe(4);
  });

  it('members read their team; nobody reads another account\'s', async () => {
    const a = await teamOwner(t);
    const m = await member(t, a.token);
    const read = await list(m.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().metadata.total).toBe(2);
    const b = await teamOwner(t);
    const other = await list(b.token, `?accountUid=${a.accountUid}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(a.owner.Email);
    expect((await t.request({ method: 'GET', url: PEOPLE })).statusCode).toBe(401);
  });

  it('refuses bad paging and ordering with the one error shape', async () => {
    const { token } = await teamOwner(t);
    for (const q of ['?limit=101', '?limit=0', '?offset=-1', '?limit=1e308', '?orderBy=Password', `?orderBy=${encodeURIComponent('Email; drop table people')}`, '?IsPrimary=yes', '?__proto__=1']) {
      const res = await list(token, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ Status: 400, ErrorCode: expect.stringMatching(/^Errors\./) });
    }
  });
});

describe('who may change the team', () => {
  it('a member gets 403 on every owner route and changes nothing', async () => {
    const { token, owner } = await teamOwner(t, { quantity: 5 });
    const m = await member(t, token);
    const other = await member(t, token);
    const before = (await list(token)).json();
    const ownerLink = before.items.find((i: { IsPrimary: boolean }) => i.IsPrimary).Uid as string;
    const attempts = [
      await invite(t, m.token, { Email: `x-${Date.now()}@example.com` }),
      await put(m.token, m.link.Uid, { IsPrimary: true }),
      await put(m.token, other.link.Uid, { ReceiveInvoices: true }),
      await del(m.token, other.link.Uid),
      await del(m.token, ownerLink),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().ErrorCode).toBe('Errors.Forbidden');
    }
    expect((await list(token)).json()).toEqual(before);
    expect((await whoAmI(t, token)).json().PersonUid).toBe(owner.Uid);
  });

  it('another account\'s link and an unknown uid are the same 404', async () => {
    const a = await teamOwner(t);
    const am = await member(t, a.token);
    const b = await teamOwner(t);
    for (const res of [
      await put(b.token, am.link.Uid, { IsPrimary: true }), await put(b.token, am.link.Uid, { ReceiveInvoices: true }),
      await del(b.token, am.link.Uid), await del(b.token, 'no-such-uid'), await put(b.token, 'no-such-uid', { ReceiveInvoices: true }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().ErrorCode).toBe('Errors.NotFound');
    }
    expect((await whoAmI(t, am.token)).statusCode).toBe(200);
    expect((await list(a.token)).json().metadata.total).toBe(2);
  });

  it('the owner cannot be promoted or removed; bodies must say one thing', async () => {
    const { token } = await teamOwner(t);
    const m = await member(t, token);
    const ownerLink = (await list(token)).json().items[0].Uid as string;
    expect((await put(token, ownerLink, { IsPrimary: true })).statusCode).toBe(400);
    expect((await del(token, ownerLink)).statusCode).toBe(400);
    for (const body of [{}, { IsPrimary: false }, { IsPrimary: true, ReceiveInvoices: true }, { ReceiveInvoices: 'yes' }, { ReceiveInvoices: true, __proto__x: 1 }, { IsPrimary: 1e308 }]) {
      const res = await put(token, m.link.Uid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const long = await put(token, 'x'.repeat(1_000_000), { ReceiveInvoices: true });
    expect([400, 404, 414]).toContain(long.statusCode);
    expect((await list(token)).json().items.every((i: { IsPrimary: boolean; Uid: string }) => i.IsPrimary === (i.Uid === ownerLink))).toBe(true);
  });
});

describe('sessions end at once with a change of role', () => {
  it('a removed member\'s token is refused at once, and the person stays (their link goes)', async () => {
    const { token, accountUid } = await teamOwner(t);
    const m = await member(t, token);
    expect((await whoAmI(t, m.token)).statusCode).toBe(200);
    const removed = await del(token, m.link.Uid);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await whoAmI(t, m.token)).statusCode).toBe(401);
    expect((await list(m.token)).statusCode).toBe(401);
    expect((await del(token, m.link.Uid)).statusCode).toBe(404);
    const rows = (await t.database.db.execute(sql`select (select count(*) from people where uid = ${m.link.Person.Uid}) as people, (select count(*) from person_accounts where account_uid = ${accountUid}) as links`) as unknown as { rows: { people: string | number; links: string | number }[] }).rows[0]!;
    expect(Number(rows.people)).toBe(1);
    expect(Number(rows.links)).toBe(1);
    const audit = await unitOfWork(t.database.db).auditLog.recent(5, 'team.remove');
    expect(audit[0]).toMatchObject({ target: m.link.Person.Uid, detail: { accountUid } });
    // Signing in again: no longer on the account.
    const again = await t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: '198.18.0.1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ username: m.email, password: 'correct horse battery staple' }).toString() });
    const accountAfter = again.statusCode === 200 ? (await whoAmI(t, again.json().access_token)).json().AccountUid : null;
    expect(accountAfter).not.toBe(accountUid);
  });

  it('promotion swaps the owner in one transaction and ends both people\'s sessions; they sign in with their new roles', async () => {
    const { token, owner, accountUid } = await teamOwner(t);
    const m = await member(t, token);
    const bystander = await member(t, token);
    const res = await put(token, m.link.Uid, { IsPrimary: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ PersonAccount: { Uid: m.link.Uid, IsPrimary: true }, LoggedOut: true });
    expect((await whoAmI(t, token)).statusCode).toBe(401);
    expect((await whoAmI(t, m.token)).statusCode).toBe(401);
    expect((await whoAmI(t, bystander.token)).statusCode).toBe(200);
    const newOwner = await login(t, m.email);
    expect((await whoAmI(t, newOwner)).json()).toMatchObject({ AccountUid: accountUid, IsPrimary: true });
    const oldOwner = await login(t, owner.Email);
    expect((await whoAmI(t, oldOwner)).json()).toMatchObject({ AccountUid: accountUid, IsPrimary: false });
    expect((await invite(t, oldOwner, { Email: `late-${Date.now()}@example.com` })).statusCode).toBe(403);
    const primaries = (await list(newOwner, '?IsPrimary=true')).json();
    expect(primaries.metadata.total).toBe(1);
    expect(primaries.items[0].Person.Uid).toBe(m.link.Person.Uid);
    expect((await unitOfWork(t.database.db).auditLog.recent(5, 'team.promote'))[0]).toMatchObject({ actor: owner.Uid, target: m.link.Person.Uid });
  });
});
