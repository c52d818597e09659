import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { tokenHash } from '../registration/secret-token.ts';
import { PEOPLE, bearer, invite, member, nextAddress, teamOwner, whoAmI } from './team-test-helpers.ts';

/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({
    clock: '2026-03-15T12:00:00Z',
    app: { mailer: smtp.mailer },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const textOf = mailText;
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: T[] }).rows;
const peopleWith = async (email: string) => Number((await rows<{ n: string | number }>(sql`select count(*) as n from people where lower(email) = lower(${email})`))[0]!.n);

describe('POST /profile/account/people: the invitation', () => {
  it('adds a new person without a password and mails a single-use link to the host page over SMTP; only its hash is stored', async () => {
    const { token, accountUid, owner } = await teamOwner(t);
    const email = `grace-${Date.now()}@example.com`;
    const parentUrl = 'http://localhost:3000/account?tab=team&resetToken=old';
    const res = await invite(t, token, { Email: email, FirstName: 'Grace', LastName: 'Hopper' }, { query: `?parentUrl=${encodeURIComponent(parentUrl)}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ IsPrimary: false, ReceiveInvoices: false, Person: { Email: email, FirstName: 'Grace', LastName: 'Hopper' } });
    const personUid = res.json().Person.Uid as string;
    expect((await rows<{ password_hash: string | null }>(sql`select password_hash from people where uid = ${personUid}`))[0]!.password_hash).toBeNull();

    const waiting = inbox.length;
    expect(await t.app.jobs.deliverDue()).toBe(1);
    expect(inbox.length).toBe(waiting + 1);
    const mail = inbox.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^Subject: You are invited to join Northwind Analytics/m);
    expect(textOf(mail.raw)).toContain('Ada Lovelace invited you');
    const link = /http:\/\/localhost:3000\/account\?tab=team&resetToken=([A-Za-z0-9_-]{43})/.exec(textOf(mail.raw));
    expect(link, textOf(mail.raw)).not.toBeNull();
    const token2 = link![1]!;
    expect(await rows(sql`select 1 from email_tokens where token_hash = ${token2}`)).toEqual([]);
    const [stored] = await rows<{ purpose: string; account_uid: string; person_uid: string; expires: Date | string }>(sql`select purpose, account_uid, person_uid, expires from email_tokens where token_hash = ${tokenHash(token2)}`);
    expect(stored).toMatchObject({ purpose: 'invite', account_uid: accountUid, person_uid: personUid });
    // 7 days from sending (the test clock runs on from its start).
    expect(new Date(stored!.expires).getTime() - t.clock.now().getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(new Date(stored!.expires).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    const [audit] = await unitOfWork(t.database.db).auditLog.recent(1, 'team.invite');
    expect(audit).toMatchObject({ actor: owner.Uid, target: personUid, detail: { accountUid, newPerson: true } });

    // The link sets the password once (the reset route accepts 'invite' tokens), and the invitee lands in the account.
    const set = await t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token2}`, remoteAddress: nextAddress(), payload: { NewPassword: 'A fresh and long Passphrase 42!' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await whoAmI(t, set.json().access_token)).json()).toMatchObject({ PersonUid: personUid, AccountUid: accountUid, IsPrimary: false });
    expect((await t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token2}`, remoteAddress: nextAddress(), payload: { NewPassword: 'Another long Passphrase 43!' } })).statusCode).toBe(404);
  });

  it('links an existing person (any case of the email) instead of copying them; a member already here is 409 Errors.Duplicate', async () => {
    const a = await teamOwner(t);
    const m = await member(t, a.token);
    const b = await teamOwner(t);
    const res = await invite(t, b.token, { Email: m.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Person.Uid).toBe(m.link.Person.Uid);
    expect(await peopleWith(m.email)).toBe(1);
    const again = await invite(t, b.token, { Email: m.email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ErrorCode: 'Errors.Duplicate', FieldErrors: [{ Field: 'Email', ErrorCode: 'Errors.Duplicate' }] });
    const self = await invite(t, b.token, { Email: b.owner.Email });
    expect(self.statusCode).toBe(409);
  });

  it('per-user plans: refused once every seat is taken (409 Errors.TeamSeatsExhausted), and GET says CanInvite false', async () => {
    const { token } = await teamOwner(t, { quantity: 3 });
    await member(t, token);
    await member(t, token);
    const fourth = `fourth-${Date.now()}@example.com`;
    const full = await invite(t, token, { Email: fourth });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().ErrorCode).toBe('Errors.TeamSeatsExhausted');
    expect(await peopleWith(fourth)).toBe(0);
    const seats = (await t.request({ method: 'GET', url: PEOPLE, headers: bearer(token) })).json().Seats;
    expect(seats).toMatchObject({ Quantity: 3, Members: 3, CanInvite: false });
  });

  it('a plan\'s maximum people caps the team whatever the plan (409 Errors.TeamMaximumPeopleReached)', async () => {
    await t.database.db.execute(sql`update plans set maximum_people = 2 where uid = 'plan-pro'`);
    const { token } = await teamOwner(t, { plan: 'plan-pro', quantity: 1 });
    await member(t, token);
    const email = `third-${Date.now()}@example.com`;
    const res = await invite(t, token, { Email: email });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().ErrorCode).toBe('Errors.TeamMaximumPeopleReached');
    expect(await peopleWith(email)).toBe(0);
    expect((await t.request({ method: 'GET', url: PEOPLE, headers: bearer(token) })).json().Seats).toMatchObject({ IsPerUser: false, MaximumPeople: 2, Members: 2, CanInvite: false });
  });

  it('a double click invites once: the same Idempotency-Key replays; without one, the twin is 409 and there is one person', async () => {
    const { token, accountUid } = await teamOwner(t, { quantity: 10 });
    const email = `twice-${Date.now()}@example.com`;
    const [a, b] = await Promise.all([invite(t, token, { Email: email }, { key: 'invite-key-0001' }), invite(t, token, { Email: email }, { key: 'invite-key-0001' })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const email2 = `race-${Date.now()}@example.com`;
    const racing = await Promise.all([invite(t, token, { Email: email2 }), invite(t, token, { Email: email2 }), invite(t, token, { Email: email2.toUpperCase() })]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await peopleWith(email)).toBe(1);
    expect(await peopleWith(email2)).toBe(1);
    const links = await rows<{ n: string | number }>(sql`select count(*) as n from person_accounts where account_uid = ${accountUid}`);
    expect(Number(links[0]!.n)).toBe(3);
    const reused = await invite(t, token, { Email: `other-${Date.now()}@example.com` }, { key: 'invite-key-0001' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().ErrorCode).toBe('Errors.Conflict');
  });

  it('refuses bad input with the one error shape and writes nothing', async () => {
    const { token } = await teamOwner(t, { quantity: 10 });
    const before = Number((await rows<{ n: string | number }>(sql`select count(*) as n from people`))[0]!.n);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, '', 'Errors.Required'],
      [{ Email: 'not-an-email' }, '', 'Errors.InvalidEmail'],
      [{ Email: 'a\u0000b@example.com' }, '', 'Errors.InvalidValue'],
      [{ Email: `${'a'.repeat(1_000_000)}@example.com` }, '', ''],
      [{ Email: 1e308 }, '', 'Errors.InvalidValue'],
      [{ Email: 'ok@example.com', FirstName: 'x'.repeat(101) }, '', 'Errors.TooLong'],
      [JSON.parse('{"Email":"ok@example.com","__proto__":{"IsPrimary":true}}'), '', ''],
      [{ Email: 'ok@example.com', IsPrimary: true }, '', ''],
      [{ Email: 'ok@example.com' }, `?parentUrl=${encodeURIComponent('https://evil.example/steal')}`, 'Errors.ValidationFailed'],
      [{ Email: 'ok@example.com' }, `?parentUrl=${encodeURIComponent('javascript:alert(1)')}`, 'Errors.ValidationFailed'],
    ];
    for (const [body, query, code] of cases) {
      const res = await invite(t, token, body, { query });
      expect([400, 413], JSON.stringify(body).slice(0, 80)).toContain(res.statusCode);
      const err = res.json();
      expect(err).toMatchObject({ Status: res.statusCode, ErrorCode: expect.stringMatching(/^Errors\./) });
      if (code) expect([err.ErrorCode, ...err.FieldErrors.map((f: { ErrorCode: string }) => f.ErrorCode)]).toContain(code);
    }
    expect(Number((await rows<{ n: string | number }>(sql`select count(*) as n from people`))[0]!.n)).toBe(before);
    expect((await invite(t, token, { Email: 'ok@example.com' }, { key: 'short' })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: PEOPLE, payload: { Email: 'ok@example.com' } })).statusCode).toBe(401);
  });

  it('is rate limited per account (429 with Retry-After), whatever address the requests come from', async () => {
    const { token } = await teamOwner(t, { quantity: 3 });
    await member(t, token);
    await member(t, token);
    let last = await invite(t, token, { Email: 'full@example.com' });
    for (let i = 0; i < 30 && last.statusCode !== 429; i += 1) last = await invite(t, token, { Email: 'full@example.com' });
    expect(last.statusCode).toBe(429);
    expect(last.json().ErrorCode).toBe('Errors.TooManyRequests');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await teamOwner(t);
    expect((await invite(t, other.token, { Email: `free-${Date.now()}@example.com` })).statusCode).toBe(201);
  });
});
