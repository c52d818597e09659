import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from './password-hashing.ts';

/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
const START = '2026-03-15T12:00:00Z';
let client = 0;
/** Each request from its own address, so the per-address limits stay out of the way (a test of its own covers them). */
const addr = () => `198.51.100.${(client += 1) % 250 + 1}`;

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  const base = loadCompanyConfig();
  t = await createTestApp({
    clock: START,
    config: { ...base, passwordPolicy: { ...base.passwordPolicy, MinimumLength: 10, PasswordHistoryEnabled: true, PasswordHistorySize: 3, PersonalDataDisallowed: true } },
    app: { mailer: smtp.mailer },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const textOf = mailText;
const linkIn = (m: Received) => /(http:\/\/localhost:3000\/[^\s]*[?&]resetToken=([A-Za-z0-9_-]{43}))/.exec(textOf(m.raw));

async function person(password = 'Original-Secret-1') {
  const account = await importCustomer(t);
  const uid = account.PrimaryContact.Uid as string;
  await unitOfWork(t.database.db).passwordHistory.replaceHash(uid, await hashPassword(password), t.clock.now());
  return { uid, email: account.PrimaryContact.Email as string, password };
}

const forgot = (payload: unknown, query = '') => t.request({ method: 'POST', url: `/api/v1/crm/people/forgotPassword${query}`, payload: payload as object, remoteAddress: addr() });
const reset = (token: string, payload: unknown) => t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token}`, payload: payload as object, remoteAddress: addr() });
const options = (token: string) => t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options`, remoteAddress: addr() });
const login = (username: string, password: string) => t.request({ method: 'POST', url: '/api/v1/tokens', payload: { username, password }, remoteAddress: addr() });
const session = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/session', headers: { authorization: `Bearer ${token}` } });

/** Asks for a reset and delivers the mail over SMTP; returns the token of the link. */
async function mailedToken(email: string, resetUrl = 'http://localhost:3000/account?x=1'): Promise<string> {
  const res = await forgot({ Email: email, ResetUrl: resetUrl });
  expect(res.statusCode, res.body).toBe(204);
  const before = inbox.length;
  expect(await t.app.jobs.deliverDue()).toBe(1);
  expect(inbox.length).toBe(before + 1);
  const mail = inbox.at(-1)!;
  expect(mail.to).toEqual([email]);
  return linkIn(mail)![2]!;
}

const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('forgot password → reset from the mailed link', () => {
  it('mails a single-use link to the page; the reset sets the password, ends every session and signs in afresh', async () => {
    const p = await person();
    const old = await login(p.email, p.password);
    expect(old.statusCode, old.body).toBe(200);
    const oldToken = old.json().access_token as string;
    await t.request({ method: 'PUT', url: '/api/v1/admin/clock', payload: {} }).catch(() => undefined);

    const token = await mailedToken(p.email);
    const mail = inbox.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Reset your Northwind Analytics password/m);
    expect(linkIn(mail)![1]).toBe(`http://localhost:3000/account?x=1&resetToken=${token}`);
    // Only the token's hash is stored.
    expect(await rows(sql`select 1 from email_tokens where token_hash = ${token}`)).toEqual([]);
    expect(await rows(sql`select purpose from email_tokens where person_uid = ${p.uid} and used is null`)).toEqual([{ purpose: 'reset' }]);

    expect((await options(token)).json()).toEqual({ Options: 1 });
    const done = await reset(token, { NewPassword: 'Brand-New-Secret-2' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    // The fresh token works; the session from before the reset does not.
    expect((await session(done.json().access_token)).statusCode).toBe(200);
    expect((await session(oldToken)).statusCode).toBe(401);
    expect((await login(p.email, p.password)).statusCode).toBe(400);
    expect((await login(p.email, 'Brand-New-Secret-2')).statusCode).toBe(200);
    const [audit] = await rows(sql`select actor, detail from audit_log where action = 'password.reset' and actor = ${p.uid}`);
    expect(audit).toMatchObject({ actor: p.uid });

    // Used once: a second reset, the options and the password check all refuse it.
    const again = await reset(token, { NewPassword: 'Another-Secret-3' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ ErrorCode: 'Errors.InvalidToken', Message: 'This link is invalid or has expired.' });
    expect((await options(token)).statusCode).toBe(404);
  });

  it('an unknown address gets the same answer, and no mail goes out', async () => {
    const unknown = await forgot({ Email: `nobody-${Date.now()}@example.com`, ResetUrl: 'http://localhost:3000/' });
    const known = await forgot({ Email: (await person()).email, ResetUrl: 'http://localhost:3000/' });
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    const before = inbox.length;
    expect(await t.app.jobs.deliverDue()).toBe(2);
    expect(inbox.length).toBe(before + 1);
  });

  it('a newer link makes the older one stop working', async () => {
    const p = await person();
    const first = await mailedToken(p.email);
    const second = await mailedToken(p.email);
    expect((await reset(first, { NewPassword: 'Brand-New-Secret-2' })).statusCode).toBe(404);
    expect((await reset(second, { NewPassword: 'Brand-New-Secret-2' })).statusCode).toBe(200);
  });

  it('an expired link (60 minutes) is 404 Errors.InvalidToken and changes nothing', async () => {
    const p = await person();
    const token = await mailedToken(p.email);
    t.clock.set(new Date(t.clock.now().getTime() + 61 * 60_000));
    try {
      const late = await reset(token, { NewPassword: 'Brand-New-Secret-2' });
      expect(late.statusCode).toBe(404);
      expect(late.json().ErrorCode).toBe('Errors.InvalidToken');
      expect((await login(p.email, p.password)).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date(START));
    }
  });

  it('the new password is checked against the policy, the history and the person\'s own data (400 on NewPassword), leaving the link usable', async () => {
    const p = await person();
    const token = await mailedToken(p.email);
    const short = await reset(token, { NewPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().FieldErrors).toContainEqual(expect.objectContaining({ Field: 'NewPassword', ErrorCode: 'Errors.PasswordTooShort' }));
    const same = await reset(token, { NewPassword: p.password });
    expect(same.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'NewPassword', ErrorCode: 'Errors.PasswordRecentlyUsed' })]);
    const common = await reset(token, { NewPassword: 'QwertyUiop' });
    expect(common.json().FieldErrors.map((e: { ErrorCode: string }) => e.ErrorCode)).toContain('Errors.PasswordTooCommon');
    const personal = await reset(token, { NewPassword: 'Lovelace-Rules-9' });
    expect(personal.json().FieldErrors.map((e: { ErrorCode: string }) => e.ErrorCode)).toContain('Errors.PasswordContainsPersonalData');
    // validate-password with the link's token answers for that person.
    const check = await t.request({ method: 'POST', url: `/api/v1/auth/validate-password?resetToken=${token}`, payload: { Password: p.password } });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().items).toContainEqual({ PolicyKey: 'PasswordHistoryEnabled', IsValid: false });
    expect(check.json().items).toContainEqual({ PolicyKey: 'PersonalDataDisallowed', IsValid: true });
    const byBody = await t.request({ method: 'POST', url: '/api/v1/auth/validate-password', payload: { Password: 'Ada-Lovelace-99', ResetToken: token } });
    expect(byBody.json().items).toContainEqual({ PolicyKey: 'PersonalDataDisallowed', IsValid: false });
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/validate-password', payload: { Password: 'x', ResetToken: 'y'.repeat(43) } })).statusCode).toBe(404);
    expect((await reset(token, { NewPassword: 'Fresh-Choice-77' })).statusCode).toBe(200);
  });

  it('a double submit: exactly one wins, the other gets 404', async () => {
    const p = await person();
    const token = await mailedToken(p.email);
    const [a, b] = await Promise.all([reset(token, { NewPassword: 'Twin-Secret-A-1' }), reset(token, { NewPassword: 'Twin-Secret-B-2' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? 'Twin-Secret-A-1' : 'Twin-Secret-B-2';
    expect((await login(p.email, winner)).statusCode).toBe(200);
    expect(await rows(sql`select count(*)::int as n from sessions where person_uid = ${p.uid} and ended is null`)).toEqual([{ n: 2 }]);
  });

  it('clears PasswordMustChange', async () => {
    const p = await person();
    await t.database.db.execute(sql`update people set password_must_change = true where uid = ${p.uid}`);
    const token = await mailedToken(p.email);
    expect((await reset(token, { NewPassword: 'Brand-New-Secret-2' })).statusCode).toBe(200);
    expect(await rows(sql`select password_must_change from people where uid = ${p.uid}`)).toEqual([{ password_must_change: false }]);
  });
});

describe('bad input', () => {
  it('a link to another site is refused before the email is looked up; parentUrl stands in for ResetUrl', async () => {
    const p = await person();
    const evil = await forgot({ Email: p.email, ResetUrl: 'https://evil.example/steal' });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().FieldErrors[0]).toMatchObject({ Field: 'ResetUrl', ErrorCode: 'Errors.InvalidValue' });
    expect((await forgot({ Email: `nobody-${Date.now()}@example.com`, ResetUrl: 'https://evil.example/steal' })).statusCode).toBe(400);
    expect((await forgot({ Email: p.email, ResetUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const viaParent = await forgot({ Email: p.email }, `?parentUrl=${encodeURIComponent('http://localhost:3000/shop?resetToken=old')}`);
    expect(viaParent.statusCode, viaParent.body).toBe(204);
    await t.app.jobs.deliverDue();
    expect(linkIn(inbox.at(-1)!)![1]).toMatch(/^http:\/\/localhost:3000\/shop\?resetToken=[A-Za-z0-9_-]{43}$/);
  });

  it('NUL, 1 MB, 1e308, __proto__, a missing body: the one error shape, never 500, nothing written', async () => {
    const before = await rows(sql`select count(*)::int as n from outbox`);
    for (const payload of [
      { Email: 'a\u0000@example.com', ResetUrl: 'http://localhost:3000/' },
      { Email: 'x'.repeat(1_000_000), ResetUrl: 'http://localhost:3000/' },
      { Email: 1e308 },
      JSON.parse('{"__proto__": {"Email": "ada@example.com"}, "ResetUrl": "http://localhost:3000/"}'),
      {},
    ]) {
      const res = await forgot(payload);
      expect([400, 413], res.body).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ Status: res.statusCode, ErrorCode: expect.stringMatching(/^Errors\./) });
    }
    expect(await rows(sql`select count(*)::int as n from outbox`)).toEqual(before);
    const token = 'z'.repeat(43);
    for (const payload of [{ NewPassword: 'a\u0000bcdefghijk' }, { NewPassword: 'x'.repeat(1_000_000) }, { NewPassword: 1e308 }, {}, { NewPassword: 'Abcdefghij-1', GoogleIdToken: 'x' }]) {
      const res = await reset(token, payload);
      expect([400, 404, 413], res.body).toContain(res.statusCode);
      expect(res.json().ErrorCode).toMatch(/^Errors\./);
    }
    expect((await reset('%00', { NewPassword: 'Abcdefghij-1' })).statusCode).toBe(400);
    expect([400, 414]).toContain((await options('x'.repeat(500))).statusCode);
  });
});

describe('PUT /profile/password', () => {
  const change = (token: string, payload: unknown) => t.request({ method: 'PUT', url: '/api/v1/profile/password', headers: { authorization: `Bearer ${token}` }, payload: payload as object, remoteAddress: addr() });

  it('refuses a mismatch, a wrong current password and a weak one; a change keeps this session and ends the others', async () => {
    const p = await person();
    const here = (await login(p.email, p.password)).json().access_token as string;
    const elsewhere = (await login(p.email, p.password)).json().access_token as string;
    const mismatch = await change(here, { ExistingPassword: p.password, NewPassword: 'Brand-New-Secret-2', ConfirmPassword: 'Brand-New-Secret-3' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      ErrorCode: 'Errors.PasswordsDoNotMatch',
      FieldErrors: [{ Field: 'ConfirmPassword', ErrorCode: 'Errors.PasswordsDoNotMatch', Message: 'The new password and confirm password fields do not match' }],
    });
    const wrong = await change(here, { ExistingPassword: 'not-it', NewPassword: 'Brand-New-Secret-2', ConfirmPassword: 'Brand-New-Secret-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().FieldErrors[0]).toMatchObject({ Field: 'ExistingPassword' });
    const weak = await change(here, { ExistingPassword: p.password, NewPassword: p.password, ConfirmPassword: p.password });
    expect(weak.json().FieldErrors[0]).toMatchObject({ Field: 'NewPassword', ErrorCode: 'Errors.PasswordRecentlyUsed' });
    // Compared exactly as typed: a trailing space is part of the password.
    const ok = await change(here, { ExistingPassword: p.password, NewPassword: 'Brand-New-Secret-2 ', ConfirmPassword: 'Brand-New-Secret-2 ' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);
    expect((await login(p.email, p.password)).statusCode).toBe(400);
    expect((await login(p.email, 'Brand-New-Secret-2')).statusCode).toBe(400);
    expect((await login(p.email, 'Brand-New-Secret-2 ')).statusCode).toBe(200);
    expect(await rows(sql`select count(*)::int as n from audit_log where action = 'password.change' and actor = ${p.uid}`)).toEqual([{ n: 1 }]);
  });

  it('needs a live access token; a person without a password (Google) has none to change', async () => {
    expect((await change('nope', { ExistingPassword: 'a', NewPassword: 'b', ConfirmPassword: 'b' })).statusCode).toBe(401);
    const p = await person();
    const token = (await login(p.email, p.password)).json().access_token as string;
    await t.database.db.execute(sql`update people set password_hash = null, oauth_google_profile_id = 'g-1' where uid = ${p.uid}`);
    const res = await change(token, { ExistingPassword: p.password, NewPassword: 'Brand-New-Secret-2', ConfirmPassword: 'Brand-New-Secret-2' });
    expect(res.statusCode).toBe(403);
    for (const payload of [{ ExistingPassword: 'a\u0000', NewPassword: 'b', ConfirmPassword: 'b' }, { ExistingPassword: 'x'.repeat(1_000_000), NewPassword: 'b', ConfirmPassword: 'b' }, { ExistingPassword: 1e308 }, {}]) {
      const bad = await change(token, payload);
      expect([400, 403, 413], bad.body).toContain(bad.statusCode);
      expect(bad.json().ErrorCode).toMatch(/^Errors\./);
    }
  });
});

describe('reset options with Google configured', () => {
  it('answers 2', async () => {
    const base = loadCompanyConfig();
    const g = await createTestApp({ config: { ...base, google: { ...base.google, clientId: 'client-1.apps.googleusercontent.com' } } });
    try {
      const account = await importCustomer(g);
      const res = await g.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', payload: { Email: account.PrimaryContact.Email, ResetUrl: 'http://localhost:3000/' } });
      expect(res.statusCode).toBe(204);
      // The development mailbox: read the link from it.
      await g.app.jobs.deliverDue();
      const page = await g.request({ method: 'GET', url: '/dev/mailbox' });
      const token = /resetToken=([A-Za-z0-9_-]{43})/.exec(page.body)![1]!;
      expect((await g.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options` })).json()).toEqual({ Options: 2 });
    } finally {
      await g.close();
    }
  });
});
