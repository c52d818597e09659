import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { RATE_LIMITS } from '../features.ts';
import { verifyPassword } from '../passwords/password-hashing.ts';
import { signIn } from './sign-in.ts';

/**
 * Issue 12 item 3: strangers must not lock the owner out (ASVS 6.1.1, 6.3.1). Ten wrong
 * passwords from ten addresses trip the account; then the owner's known browser signs in at once,
 * a fresh browser with the right password gets the mailed code, a wrong password gets the very
 * same answer and no mail, five wrong codes end a code, and another person's device token does
 * not help. Written against the code before it, where the owner got 429 for 15 minutes.
 */
/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
const PASSWORD = 'Owner-Secret-2026';
const TRIP = RATE_LIMITS.signInPerEmail.max;

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

let client = 0;
/** Every request from a new client address: only the per-email limit can be what trips. */
const nextAddress = () => `198.51.${Math.floor((client += 1) / 250) % 250}.${(client % 250) + 1}`;
const login = (body: Record<string, unknown>, remoteAddress = nextAddress()) => t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress, payload: body });

async function owner() {
  const account = await importCustomer(t);
  const uid = account.PrimaryContact.Uid as string;
  await unitOfWork(t.database.db).passwordHistory.replaceHash(uid, await hashPassword(PASSWORD), t.clock.now());
  return { uid, email: account.PrimaryContact.Email as string };
}

/**
 * Ten wrong passwords, each from its own address: the account's limit is now past. `counted`
 * sign-ins of this email came before in the window, so the last guesses already meet the trip.
 */
async function trip(email: string, counted = 0) {
  for (let i = 0; i < TRIP; i += 1) {
    const res = await login({ username: email, password: `guess-${i}` });
    expect(res.json().ErrorCode, res.body).toBe(counted + i < TRIP ? 'Errors.InvalidCredentials' : 'Errors.SignInCodeRequired');
  }
}

const textOf = mailText;
/** Delivers the outbox and returns the codes mailed to `to` since `before` mails. */
async function mailedCodes(to: string, before: number): Promise<string[]> {
  while (await t.app.jobs.deliverDue() > 0) { /* deliver everything due */ }
  return inbox.slice(before).filter((m) => m.to.includes(to)).map((m) => /as well as the password:\s+(\d{6})/.exec(textOf(m.raw))?.[1] ?? 'none');
}

const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;
const audit = async (personUid: string, action: string) =>
  (await rows(sql`select detail from audit_log where actor = ${personUid} and action = ${action} order by at, uid`)) as { detail: Record<string, unknown> }[];
const expectCodeRequired = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ Status: 403, ErrorCode: 'Errors.SignInCodeRequired', FieldErrors: [] });
};

describe('a known browser and the mailed code get the owner past strangers\' guesses', () => {
  it('every sign-in answers a device token; only its SHA-256 is stored, and the same browser keeps its token', async () => {
    const o = await owner();
    const first = await login({ username: o.email, password: PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    const device = first.json().device_token as string;
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await rows(sql`select token_hash, expires from known_devices where person_uid = ${o.uid}`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(device).digest('base64url'), expires: expect.anything() }]);
    const again = await login({ username: o.email, password: PASSWORD, device_token: device });
    expect(again.json().device_token).toBe(device);
    expect(await rows(sql`select 1 from known_devices where person_uid = ${o.uid}`)).toHaveLength(1);
  });

  it('(a) ten wrong passwords from ten addresses: the owner\'s known browser signs in at once with the right password', async () => {
    const o = await owner();
    const device = (await login({ username: o.email, password: PASSWORD })).json().device_token as string;
    await trip(o.email, 1);
    const res = await login({ username: o.email, password: PASSWORD, device_token: device });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900, device_token: device });
    expect((await audit(o.uid, 'signin.success')).at(-1)!.detail).toMatchObject({ method: 'password', lockout: 'known-device' });
    // A wrong password from the known browser is told plainly (it is the owner's), and still counts.
    const wrong = await login({ username: o.email, password: 'nope', device_token: device });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ErrorCode).toBe('Errors.InvalidCredentials');
  });

  it('(b)+(c) a fresh browser: SignInCodeRequired, the code arrives by mail, password + code signs in; a wrong password gets the identical answer and no mail', async () => {
    const o = await owner();
    await trip(o.email);
    const before = inbox.length;
    const right = await login({ username: o.email, password: PASSWORD });
    const wrong = await login({ username: o.email, password: 'a wrong guess' });
    expectCodeRequired(right);
    // Same status, body and headers whether the password was right or wrong: the code step is no password oracle.
    expect(wrong.body).toBe(right.body);
    expect(wrong.headers['content-type']).toBe(right.headers['content-type']);
    // Only the right password mailed a code, to the owner.
    const codes = await mailedCodes(o.email, before);
    expect(codes).toHaveLength(1);
    expect(inbox.slice(before)).toHaveLength(1);
    expect(codes[0]).toMatch(/^\d{6}$/);
    // The code alone never signs in (a wrong password with the right code), and does not burn it.
    const codeOnly = await login({ username: o.email, password: 'a wrong guess', code: codes[0] });
    expect(codeOnly.statusCode, codeOnly.body).toBe(400);
    expect(codeOnly.json()).toMatchObject({ ErrorCode: 'Errors.InvalidSignInCode', FieldErrors: [{ Field: 'code', ErrorCode: 'Errors.InvalidSignInCode' }] });
    const done = await login({ username: o.email, password: PASSWORD, code: `${codes[0]!.slice(0, 3)} ${codes[0]!.slice(3)}` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().device_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Single use.
    const replay = await login({ username: o.email, password: PASSWORD, code: codes[0] });
    expect(replay.json().ErrorCode).toBe('Errors.InvalidSignInCode');
    // Audited: the tripped path (right and wrong), the code sent, the code used.
    expect((await audit(o.uid, 'signin.code-required')).map((r) => r.detail)).toEqual([
      expect.objectContaining({ reason: 'right_password', mail: 'queued' }), expect.objectContaining({ reason: 'wrong_password', mail: 'none' }),
    ]);
    expect(await audit(o.uid, 'signin.code-sent')).toHaveLength(1);
    expect((await audit(o.uid, 'signin.success')).at(-1)!.detail).toMatchObject({ lockout: 'code' });
    // Nothing usable is stored: a salted hash, no digits.
    const stored = await rows(sql`select token_hash, data from email_tokens where person_uid = ${o.uid} and purpose = 'signin-code'`);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
  });

  it('(d) five wrong codes end the code: the right one is refused after them', async () => {
    const o = await owner();
    await trip(o.email);
    const before = inbox.length;
    expectCodeRequired(await login({ username: o.email, password: PASSWORD }));
    const [code] = await mailedCodes(o.email, before);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await login({ username: o.email, password: PASSWORD, code: wrongCode });
      expect(res.json().ErrorCode).toBe('Errors.InvalidSignInCode');
    }
    const late = await login({ username: o.email, password: PASSWORD, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().ErrorCode).toBe('Errors.InvalidSignInCode');
    expect(await rows(sql`select attempts from email_tokens where person_uid = ${o.uid} and purpose = 'signin-code'`)).toEqual([{ attempts: 5 }]);
    // 'Send a new code' gives a working one.
    const again = inbox.length;
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, resend_code: true }));
    const [fresh] = await mailedCodes(o.email, again);
    expect((await login({ username: o.email, password: PASSWORD, code: fresh })).statusCode).toBe(200);
  });

  it('(e) another person\'s device token does not help: a code is still required', async () => {
    const o = await owner();
    const stranger = await owner();
    const strangersDevice = (await login({ username: stranger.email, password: PASSWORD })).json().device_token as string;
    await trip(o.email);
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, device_token: strangersDevice }));
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, device_token: 'made-up-token' }));
    expect((await audit(o.uid, 'signin.code-required')).map((r) => r.detail.device)).toEqual(['not_this_persons', 'not_this_persons']);
  });

  it('one code per mail within its life, at most three code mails per 15 minutes; the answer never changes', async () => {
    const o = await owner();
    await trip(o.email);
    const before = inbox.length;
    expectCodeRequired(await login({ username: o.email, password: PASSWORD }));
    const [first] = await mailedCodes(o.email, before);
    // A second tripped sign-in reuses the live code: no new mail.
    expectCodeRequired(await login({ username: o.email, password: PASSWORD }));
    expect(await mailedCodes(o.email, before)).toEqual([first]);
    // 'Send a new code' (the form sends the string) replaces it.
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, resend_code: 'true' }));
    const [, second] = await mailedCodes(o.email, before);
    // The fourth is past the budget of three: the same answer, nothing sent.
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, resend_code: true }));
    expect(await mailedCodes(o.email, before)).toEqual([first, second]);
    expect((await audit(o.uid, 'signin.code-required')).map((r) => r.detail.mail)).toEqual(['queued', 'queued', 'queued', 'limited']);
    // The newest code works; the one before it ended when it was replaced.
    expect((await login({ username: o.email, password: PASSWORD, code: first })).json().ErrorCode).toBe('Errors.InvalidSignInCode');
    expect((await login({ username: o.email, password: PASSWORD, code: second })).statusCode).toBe(200);
  });

  it('a stolen device token gets ten guesses of its own while tripped, then needs the code too', async () => {
    const o = await owner();
    const device = (await login({ username: o.email, password: PASSWORD })).json().device_token as string;
    await trip(o.email, 1);
    // (The first sign-in above sent no device token, so the device's own count starts here.)
    for (let i = 0; i < RATE_LIMITS.signInPerDevice.max; i += 1) {
      expect((await login({ username: o.email, password: `guess-${i}`, device_token: device })).statusCode).toBe(400);
    }
    expectCodeRequired(await login({ username: o.email, password: PASSWORD, device_token: device }));
  });

  it('the per-address limit still answers 429, and an untripped account ignores a code', async () => {
    const o = await owner();
    const address = '203.0.113.77';
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.max; i += 1) await login({ username: `n${i}-${o.email}`, password: 'x' }, address);
    expect((await login({ username: o.email, password: PASSWORD }, address)).statusCode).toBe(429);
    expect((await login({ username: o.email, password: PASSWORD, code: '123456' })).statusCode).toBe(200);
  });

  it('tripped, from an unknown browser: one argon2 verification, one code-mail count and one outbox row whether the password was right or wrong', async () => {
    const o = await owner();
    const work: string[] = [];
    const deps = {
      uow: unitOfWork(t.database.db), clock: t.clock, auth: t.config.auth, tokens: t.app.auth.tokens,
      verifyPassword: async (hash: string, password: string) => { work.push('argon2'); return verifyPassword(hash, password); },
    };
    const lockout = { tripped: true, deviceOverLimit: false, codeMails: async (uid: string | null) => { work.push(`count ${uid === null ? 'no one' : 'person'}`); return uid !== null; } };
    const outboxRows = async () => (await rows(sql`select count(*)::int as n from outbox where topic = 'mail.signin-code'`))[0]!.n as number;
    const attempt = async (password: string, code?: string) => {
      work.length = 0;
      const before = await outboxRows();
      const err = await signIn(deps, { username: o.email, password, ip: '192.0.2.9', lockout, ...(code ? { code } : {}) }).catch((e: unknown) => e);
      return { err: (err as { code?: string }).code, work: [...work], rows: (await outboxRows()) - before };
    };
    const right = await attempt(PASSWORD);
    const wrong = await attempt('not it');
    expect(right).toEqual({ err: 'Errors.SignInCodeRequired', work: ['argon2', 'count person'], rows: 1 });
    expect(wrong).toEqual({ err: 'Errors.SignInCodeRequired', work: ['argon2', 'count no one'], rows: 1 });
    // With a code: the same single verification, and the same answer.
    expect(await attempt(PASSWORD, '999999')).toMatchObject({ err: 'Errors.InvalidSignInCode', work: ['argon2'] });
    expect(await attempt('not it', '999999')).toMatchObject({ err: 'Errors.InvalidSignInCode', work: ['argon2'] });
  });
});
