import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { CaseSource } from '@portico/core/support/support-limits';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { RATE_LIMITS } from '../features.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { consoleSignIn, makeCase, nextClient, OPERATOR_PASSWORD, signedInOperator } from './console-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const signIn = (username: string, password: string, remoteAddress = nextClient()) =>
  t.request({ method: 'POST', url: '/api/v1/console/tokens', remoteAddress, payload: { username, password } });
const get = (token: string, url: string) => t.request({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: Record<string, unknown>) => t.request({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

describe('operators: the admin API', () => {
  it('creates an operator (initials derived, email unique in any case), lists them, refuses a weak password and an unknown role', async () => {
    const made = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: 'Grace.Hopper@Northwind.example', Name: 'Grace Brewster Hopper', Role: 'admin', Password: OPERATOR_PASSWORD } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ Email: 'Grace.Hopper@Northwind.example', Name: 'Grace Brewster Hopper', Initials: 'GH', Role: 'admin', Disabled: false });
    const again = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: 'grace.hopper@northwind.EXAMPLE', Name: 'Other', Role: 'agent', Password: OPERATOR_PASSWORD } });
    expect(again.statusCode).toBe(409);
    const weak = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: 'weak@northwind.example', Name: 'Weak', Role: 'agent', Password: 'password' } });
    expect(weak.statusCode).toBe(400);
    const role = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: 'role@northwind.example', Name: 'Role', Role: 'owner', Password: OPERATOR_PASSWORD } });
    expect(role.statusCode).toBe(400);
    const list = await t.admin({ method: 'GET', url: '/api/v1/admin/operators' });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((o: { Email: string }) => o.Email)).toContain('Grace.Hopper@Northwind.example');
    // Not a person: no Person row was made.
    expect(await rows(sql`select uid from people where lower(email) = 'grace.hopper@northwind.example'`)).toEqual([]);
    // The hash is argon2id.
    expect(String((await rows(sql`select password_hash from operators where uid = ${made.json().Uid}`))[0]!.password_hash)).toMatch(/^\$argon2id\$/);
  });
});

describe('operator sign-in: tokens of their own audience over revocable sessions', () => {
  it('signs in (any case of the email), reissues, logs out; the token then stops at once', async () => {
    const op = await signedInOperator(t, { name: 'Ada Lovelace' });
    const claims = decodeJwt(op.token);
    expect(claims.aud).toBe('portico-console');
    expect(claims).toMatchObject({ sub: op.uid, name: 'Ada Lovelace', initials: 'AL', role: 'agent' });
    const me = await get(op.token, '/api/v1/console/session');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ OperatorUid: op.uid, Initials: 'AL', SessionUid: claims.sid });
    const upper = await consoleSignIn(t, op.email.toUpperCase());
    expect(decodeJwt(upper).sid).not.toBe(claims.sid);

    const reissued = await post(op.token, '/api/v1/console/tokens/reissue');
    expect(reissued.statusCode).toBe(200);
    expect(decodeJwt(reissued.json().access_token).sid).toBe(claims.sid);
    expect((await post(op.token, '/api/v1/console/tokens/logout')).statusCode).toBe(204);
    expect((await get(op.token, '/api/v1/console/session')).statusCode).toBe(401);
    expect((await get(reissued.json().access_token, '/api/v1/console/cases')).statusCode).toBe(401);
    // The other session is untouched.
    expect((await get(upper, '/api/v1/console/session')).statusCode).toBe(200);
  });

  it('ended operator sessions are deleted after the retention by the members\' cleanup rule; live ones stay', async () => {
    const op = await signedInOperator(t);
    const live = await consoleSignIn(t, op.email);
    expect((await post(op.token, '/api/v1/console/tokens/logout')).statusCode).toBe(204);
    const repo = unitOfWork(t.database.db).operatorSessions;
    const later = new Date(t.clock.now().getTime() + 60_000);
    const ended = String(decodeJwt(op.token).sid);
    expect(await repo.get(ended)).not.toBeNull();
    expect(await repo.deleteEndedBefore(later, 1000)).toBeGreaterThanOrEqual(1);
    expect(await repo.get(ended)).toBeNull();
    expect((await get(live, '/api/v1/console/session')).statusCode).toBe(200);
  });

  it('a wrong password, an unknown email and a disabled operator get the same 400; disabling ends the sessions at once', async () => {
    const op = await signedInOperator(t);
    const wrong = await signIn(op.email, 'not the password at all');
    const unknown = await signIn('nobody-here@northwind.example', OPERATOR_PASSWORD);
    expect([wrong.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(wrong.json().ErrorCode).toBe(unknown.json().ErrorCode);
    const disabled = await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${op.uid}`, payload: { Disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().Disabled).toBe(true);
    expect((await get(op.token, '/api/v1/console/cases')).statusCode).toBe(401);
    const after = await signIn(op.email, OPERATOR_PASSWORD);
    expect(after.statusCode).toBe(400);
    expect(after.json().ErrorCode).toBe(wrong.json().ErrorCode);
    const audit = await rows(sql`select detail->>'reason' as reason from audit_log where actor = ${op.uid} and action = 'signin.failure' order by at`);
    expect(audit.map((r) => r.reason)).toEqual(['wrong_password', 'disabled']);
  });

  it('a role change ends the sessions (the token carries the role); the new token says the new role', async () => {
    const op = await signedInOperator(t);
    const changed = await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${op.uid}`, payload: { Role: 'admin' } });
    expect(changed.json().Role).toBe('admin');
    expect((await get(op.token, '/api/v1/console/session')).statusCode).toBe(401);
    expect(decodeJwt(await consoleSignIn(t, op.email)).role).toBe('admin');
    expect((await t.admin({ method: 'PATCH', url: '/api/v1/admin/operators/no-such-operator', payload: { Role: 'admin' } })).statusCode).toBe(404);
  });

  it('lockout: past the members\' per-email limit, the right password alone does not get in from an unknown browser, from any address (the ways through: operator-account.test.ts)', async () => {
    const op = await signedInOperator(t);
    const max = RATE_LIMITS.signInPerEmail.max;
    for (let i = 0; i < max - 1; i += 1) expect((await signIn(op.email, `wrong ${i}`)).statusCode).toBe(400);
    const over = await signIn(op.email, OPERATOR_PASSWORD);
    expect(over.statusCode).toBe(403);
    expect(over.json().ErrorCode).toBe('Errors.SignInCodeRequired');
    const wrong = await signIn(op.email.toUpperCase(), 'not the password');
    expect([wrong.statusCode, wrong.json().ErrorCode]).toEqual([403, 'Errors.SignInCodeRequired']);
  });

  it('the per-address limit is the members\' own counter: console and member attempts from one address add up', async () => {
    const address = '198.51.100.77';
    const max = RATE_LIMITS.signInPerAddress.max;
    for (let i = 0; i < max / 2; i += 1) {
      expect((await signIn(`someone-${i}@northwind.example`, 'x', address)).statusCode).toBe(400);
      expect((await t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: address, payload: { username: `member-${i}@example.com`, password: 'x' } })).statusCode).toBe(400);
    }
    expect((await signIn('one-more@northwind.example', 'x', address)).statusCode).toBe(429);
  });
});

describe('tokens cross-refused both ways', () => {
  it('a member\'s token opens no console route; an operator\'s token opens no member route', async () => {
    const customer = await signedInCustomer(t);
    const op = await signedInOperator(t);
    for (const url of ['/api/v1/console/cases', '/api/v1/console/session']) {
      const res = await get(customer.primary.token, url);
      expect(res.statusCode, url).toBe(401);
    }
    expect((await post(customer.primary.token, '/api/v1/console/tokens/reissue')).statusCode).toBe(401);
    for (const url of ['/api/v1/profile', '/api/v1/auth/session', '/api/v1/profile/accounts']) {
      expect((await get(op.token, url)).statusCode, url).toBe(401);
    }
    expect((await post(op.token, '/api/v1/tokens/reissue')).statusCode).toBe(401);
  });
});

describe('the console inbox and cases', () => {
  it('filters by status and assignment, searches by email prefix (any case), pages, and marks unread until read', async () => {
    const me = await signedInOperator(t, { name: 'Inbox Owner' });
    const other = await signedInOperator(t, { name: 'Other Agent' });
    const tag = Date.now().toString(36);
    const a = await makeCase(t, { email: `Alice.${tag}@example.com`, subject: 'A' });
    const b = await makeCase(t, { email: `bob.${tag}@example.com`, subject: 'B', source: CaseSource.Chat });
    const c = await makeCase(t, { email: `alice.${tag}@example.org`, subject: 'C' });
    const q = (token: string, query: string) => get(token, `/api/v1/console/cases?${query}`);

    const alice = await q(me.token, `email=ALICE.${tag}`);
    expect(alice.statusCode, alice.body).toBe(200);
    expect(alice.json().items.map((i: { Uid: string }) => i.Uid).sort()).toEqual([a.uid, c.uid].sort());
    expect(alice.json().metadata).toMatchObject({ total: 2, offset: 0 });
    expect(alice.json().items.every((i: { Unread: boolean; Assignee: unknown }) => i.Unread && i.Assignee === null)).toBe(true);
    // Each row previews its last message: the person's text as written, who wrote it and when.
    expect(alice.json().items[0].LastMessage).toMatchObject({ Text: 'It does not work.', From: 'person', Attachment: false });
    // LIKE's own characters are literal: '%' finds nothing.
    expect((await q(me.token, 'email=%25')).json().metadata.total).toBe(0);
    const paged = await q(me.token, `email=alice.${tag}&limit=1&offset=1`);
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().metadata).toMatchObject({ limit: 1, offset: 1, total: 2 });

    expect((await post(me.token, `/api/v1/console/cases/${a.uid}/assign`)).statusCode).toBe(204);
    expect((await post(other.token, `/api/v1/console/cases/${b.uid}/assign`)).statusCode).toBe(204);
    const mine = await q(me.token, `assigned=me&email=${tag}`);
    expect(mine.json().items.map((i: { Uid: string }) => i.Uid)).toEqual([]);
    const mineAll = await q(me.token, 'assigned=me');
    expect(mineAll.json().items.map((i: { Uid: string }) => i.Uid)).toEqual([a.uid]);
    expect(mineAll.json().items[0].Assignee).toEqual({ OperatorUid: me.uid, Name: 'Inbox Owner' });
    const unassigned = (await q(me.token, 'assigned=unassigned&limit=200')).json().items.map((i: { Uid: string }) => i.Uid);
    expect(unassigned).toContain(c.uid);
    expect(unassigned).not.toContain(a.uid);
    expect(unassigned).not.toContain(b.uid);

    expect((await post(me.token, `/api/v1/console/cases/${c.uid}/read`)).statusCode).toBe(204);
    const afterRead = (await q(me.token, `email=alice.${tag}`)).json().items;
    expect(afterRead.find((i: { Uid: string }) => i.Uid === c.uid).Unread).toBe(false);
    // Read for me only.
    expect((await q(other.token, `email=alice.${tag}`)).json().items.find((i: { Uid: string }) => i.Uid === c.uid).Unread).toBe(true);

    expect((await post(me.token, `/api/v1/console/cases/${c.uid}/close`)).statusCode).toBe(204);
    expect((await post(me.token, `/api/v1/console/cases/${c.uid}/close`)).statusCode).toBe(409);
    expect((await q(me.token, `status=closed&email=alice.${tag}`)).json().items.map((i: { Uid: string }) => i.Uid)).toEqual([c.uid]);
    expect((await q(me.token, `status=open&email=alice.${tag}`)).json().items.map((i: { Uid: string }) => i.Uid)).toEqual([a.uid]);
    expect((await post(me.token, `/api/v1/console/cases/${c.uid}/reopen`)).statusCode).toBe(204);

    const detail = await get(me.token, `/api/v1/console/cases/${c.uid}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().Activities.map((x: { Type: number }) => x.Type)).toEqual([1, 3, 4]);
    expect(detail.json().Activities[1].Author).toMatchObject({ Kind: 'agent', Name: 'Inbox Owner' });
    const assigned = await get(me.token, `/api/v1/console/cases/${a.uid}`);
    expect(assigned.json()).toMatchObject({ Assignee: { OperatorUid: me.uid }, Activities: [{ Type: 1 }, { Type: 5 }] });
    expect((await get(me.token, '/api/v1/console/cases/no-such-case')).statusCode).toBe(404);
    expect((await q(me.token, 'assigned=someone')).statusCode).toBe(400);
  });

  it("a reply to a chat case is the chat's numbered message even with no visitor connected; an empty reply is refused", async () => {
    const me = await signedInOperator(t);
    const chat = await makeCase(t, { email: 'chatter@example.com', source: CaseSource.Chat });
    const res = await post(me.token, `/api/v1/console/cases/${chat.uid}/replies`, { Comment: 'Hello' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rows(sql`select seq, author_name from support_case_activities where case_uid = ${chat.uid} and type = 6`)).toEqual([{ seq: 1, author_name: me.name }]);
    const web = await makeCase(t, { email: 'web@example.com' });
    expect((await post(me.token, `/api/v1/console/cases/${web.uid}/replies`, { Comment: '   ' })).statusCode).toBe(400);
  });

  it('the customer beside a case: person, account with plan and status, past cases', async () => {
    const me = await signedInOperator(t);
    const customer = await signedInCustomer(t);
    const old = await makeCase(t, { email: customer.primary.email, subject: 'Earlier', personUid: customer.primary.uid });
    const now = await makeCase(t, { email: customer.primary.email.toUpperCase(), subject: 'Now' });
    const res = await get(me.token, `/api/v1/console/cases/${now.uid}/customer`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Person).toMatchObject({ Uid: customer.primary.uid, Email: customer.primary.email });
    expect(body.Accounts).toHaveLength(1);
    expect(body.Accounts[0]).toMatchObject({ Uid: customer.accountUid, IsPrimary: true, Subscription: { Uid: customer.account.CurrentSubscription.Uid, Status: 'active' } });
    expect(body.Accounts[0].Subscription.PlanName).toEqual(expect.any(String));
    expect(body.PastCases.map((c: { Uid: string }) => c.Uid)).toEqual([old.uid]);
    const stranger = await makeCase(t, { email: 'stranger@example.net' });
    expect((await get(me.token, `/api/v1/console/cases/${stranger.uid}/customer`)).json()).toMatchObject({ Person: null, Accounts: [], PastCases: [] });
  });

  it('presence: online while heartbeats arrive, offline when the deadline passes or at once on Online false', async () => {
    const me = await signedInOperator(t);
    const beat = (online: boolean) => t.request({ method: 'PUT', url: '/api/v1/console/presence', headers: bearer(me.token), payload: { Online: online } });
    const on = await beat(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ Online: true, AnyOperatorOnline: true });
    expect(new Date(on.json().OnlineUntil).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const off = await beat(false);
    expect(off.json()).toMatchObject({ Online: false, OnlineUntil: null });
    expect(await rows(sql`select online_until from operators where uid = ${me.uid}`)).toEqual([{ online_until: null }]);
  });
});

describe('the auto-reply (admin API, stored as a setting)', () => {
  it('reads the config default, sets, reads back; an enabled one needs a text', async () => {
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/console/auto-reply' })).json()).toEqual({ Enabled: false, Text: '' });
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: true, Text: ' ' } })).statusCode).toBe(400);
    const set = await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: true, Text: 'We answer within a day.' } });
    expect(set.statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/console/auto-reply' })).json()).toEqual({ Enabled: true, Text: 'We answer within a day.' });
  });
});
