import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { RATE_LIMITS } from '../features.ts';
import { tokenHash } from '../registration/secret-token.ts';
import { accountCalls, codeIn, deliveredTo, expectProblem, nextAddress, setPasswordLinkIn, uniqueOperatorEmail } from './operator-account-test-helpers.ts';

/**
 * Issue 20, an operator's way back in: forgot password on the console (the same neutral answer for
 * any address, a reset link to the console's set-password page that ends every other session), and
 * the members' lockout rules for an operator whose email strangers have tripped: the right password
 * alone does not get in from an unknown browser, but the mailed code, the operator's known browser or
 * the reset link does, at once. The limits are the members' rows and counters.
 */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
let calls: ReturnType<typeof accountCalls>;
const PASSWORD = 'Kestrel-Quartz-7319!';
const TRIP = RATE_LIMITS.signInPerEmail.max;

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ clock: '2026-03-15T12:00:00Z', app: { mailer: smtp.mailer } });
  calls = accountCalls(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;

/** An operator with a password, signed in once from a browser whose device token is returned. */
async function operator() {
  const email = uniqueOperatorEmail('lockout');
  const made = await calls.create({ Email: email, Name: 'Lou Locked', Role: 'agent', Password: PASSWORD });
  expect(made.statusCode, made.body).toBe(201);
  const first = await calls.signIn({ username: email, password: PASSWORD });
  expect(first.statusCode, first.body).toBe(200);
  return { uid: made.json().Uid as string, email, token: first.json().access_token as string, device: first.json().device_token as string };
}

/** Strangers' wrong passwords, each from its own address, until the email is past the per-email limit. */
async function trip(email: string) {
  for (let i = 0; i < TRIP; i += 1) await calls.signIn({ username: email, password: `guess-${i}` });
  expectProblem(await calls.signIn({ username: email, password: 'one more guess' }), 403, 'Errors.SignInCodeRequired');
}

async function resetToken(email: string, typed = email): Promise<string> {
  const before = inbox.length;
  expect((await calls.forgot(typed)).statusCode).toBe(204);
  const mails = await deliveredTo(t, inbox, email, before);
  expect(mails).toHaveLength(1);
  return setPasswordLinkIn(mails[0]!).token;
}

describe('forgot password on the console', () => {
  it('answers 204 for any address and mails only an enabled operator; the link resets the password, ends every other session and signs in', async () => {
    const op = await operator();
    const unknown = await calls.forgot('nobody-at-all@northwind.example');
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe('');
    const before = inbox.length;
    while (await t.app.jobs.deliverDue() > 0) { /* the unknown address's message: nothing is sent */ }
    expect(inbox.length).toBe(before);

    const token = await resetToken(op.email, op.email.toUpperCase());
    const mail = inbox.at(-1)!;
    expect(mailText(mail.raw)).toMatch(/^Subject: Reset your Northwind Analytics password/m);
    expect(mailText(mail.raw)).toContain('your Northwind Analytics support console account');
    expect(mailText(mail.raw)).toContain('expires in 60 minutes');
    expect(await rows(sql`select purpose from operator_email_tokens where token_hash = ${tokenHash(token)}`)).toEqual([{ purpose: 'reset' }]);
    expect((await calls.check(token)).json()).toMatchObject({ Purpose: 'reset', Email: op.email });

    const done = await calls.setPassword(token, 'Brand-New-Console-Secret-7');
    expect(done.statusCode, done.body).toBe(200);
    expect((await calls.session(op.token)).statusCode).toBe(401);
    expect((await calls.session(done.json().access_token)).statusCode).toBe(200);
    expectProblem(await calls.signIn({ username: op.email, password: PASSWORD }), 400, 'Errors.InvalidCredentials');
    expect((await calls.signIn({ username: op.email, password: 'Brand-New-Console-Secret-7' })).statusCode).toBe(200);
    expect(await rows(sql`select detail->>'sessionsEnded' as n from audit_log where actor = ${op.uid} and action = 'password.reset'`)).toEqual([{ n: '1' }]);
    // Audited the same way for both: the unknown address names no actor.
    expect(await rows(sql`select actor, detail->>'reason' as reason from audit_log where action = 'password.forgot' and target = 'nobody-at-all@northwind.example'`)).toEqual([{ actor: null, reason: 'unknown_email' }]);
  });

  it('a disabled operator gets the same 204 and no mail; a newer reset link ends the older one', async () => {
    const op = await operator();
    const first = await resetToken(op.email);
    const second = await resetToken(op.email);
    expectProblem(await calls.check(first), 404, 'Errors.InvalidToken');
    expect((await calls.check(second)).statusCode).toBe(200);
    expect((await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${op.uid}`, payload: { Disabled: true } })).statusCode).toBe(200);
    const before = inbox.length;
    expect((await calls.forgot(op.email)).statusCode).toBe(204);
    expect(await deliveredTo(t, inbox, op.email, before)).toEqual([]);
    expectProblem(await calls.check(second), 404, 'Errors.InvalidToken');
  });

  it('the members\' forgot-password counters: five per email per hour, members\' and the console\'s requests together', async () => {
    const email = uniqueOperatorEmail('flood');
    const max = RATE_LIMITS.forgotPasswordPerEmail.max;
    for (let i = 0; i < max - 1; i += 1) expect((await calls.forgot(email)).statusCode).toBe(204);
    const member = await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', payload: { Email: email, ResetUrl: 'http://localhost:3000/' }, remoteAddress: nextAddress() });
    expect(member.statusCode).toBe(204);
    expectProblem(await calls.forgot(email), 429, 'Errors.TooManyRequests');
    // Per address too (forgotPasswordPerAddress), whatever the email.
    const address = nextAddress();
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAddress.max; i += 1) expect((await calls.forgot(uniqueOperatorEmail('addr'), address)).statusCode).toBe(204);
    expectProblem(await calls.forgot(uniqueOperatorEmail('addr'), address), 429, 'Errors.TooManyRequests');
  });

  it('the set-password calls are limited per address (resetPasswordPerAddress)', async () => {
    const address = nextAddress();
    for (let i = 0; i < RATE_LIMITS.resetPasswordPerAddress.max; i += 1) expect((await calls.check(`guess-${i}`, address)).statusCode).toBe(404);
    expect((await calls.check('one-more', address)).statusCode).toBe(429);
  });
});

describe('lockout: strangers tripped the operator\'s email', () => {
  it('an unknown browser: 403 SignInCodeRequired whether the password is right or wrong; the right one mails a code; password + code signs in', async () => {
    const op = await operator();
    await trip(op.email);
    const before = inbox.length;
    expectProblem(await calls.signIn({ username: op.email, password: PASSWORD }), 403, 'Errors.SignInCodeRequired');
    expectProblem(await calls.signIn({ username: op.email, password: 'wrong again' }), 403, 'Errors.SignInCodeRequired');
    const mails = await deliveredTo(t, inbox, op.email, before);
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]!.raw)).toMatch(/^Subject: Your Northwind Analytics sign-in code/m);
    expect(mailText(mails[0]!.raw)).toContain('sign in to your Northwind Analytics support console account');
    const code = codeIn(mails[0]!);
    expect(code).toMatch(/^\d{6}$/);
    // Only a salted hash is stored, in the operators' own table.
    expect(JSON.stringify(await rows(sql`select token_hash, data from operator_email_tokens where operator_uid = ${op.uid} and purpose = 'signin-code'`))).not.toContain(code);

    // The code alone (a wrong password) never signs in and does not burn it.
    expectProblem(await calls.signIn({ username: op.email, password: 'a wrong guess', code }), 400, 'Errors.InvalidSignInCode');
    const done = await calls.signIn({ username: op.email, password: PASSWORD, code });
    expect(done.statusCode, done.body).toBe(200);
    expect((await calls.session(done.json().access_token)).statusCode).toBe(200);
    expectProblem(await calls.signIn({ username: op.email, password: PASSWORD, code }), 400, 'Errors.InvalidSignInCode');
    // The browser the code let in is now a known one: it gets in with the password while the email stays tripped.
    expect((await calls.signIn({ username: op.email, password: PASSWORD, device_token: done.json().device_token })).statusCode).toBe(200);
    const audit = await rows(sql`select action, detail->>'lockout' as lockout, detail->>'console' as console from audit_log where actor = ${op.uid} and action = 'signin.success' order by at, uid`);
    expect(audit.map((r) => r.lockout)).toEqual([null, 'code', 'known-device']);
    expect(audit.every((r) => r.console === 'true')).toBe(true);
  });

  it('the operator\'s known browser gets in with the right password (a wrong one is 400); a member\'s device token or another operator\'s does not count', async () => {
    const op = await operator();
    const other = await operator();
    await trip(op.email);
    const known = await calls.signIn({ username: op.email, password: PASSWORD, device_token: op.device });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().device_token).toBe(op.device);
    expectProblem(await calls.signIn({ username: op.email, password: 'wrong', device_token: op.device }), 400, 'Errors.InvalidCredentials');
    expectProblem(await calls.signIn({ username: op.email, password: PASSWORD, device_token: other.device }), 403, 'Errors.SignInCodeRequired');
    // Only the token's hash is stored, in the operators' own table (never known_devices).
    expect(await rows(sql`select 1 from operator_known_devices where token_hash = ${tokenHash(op.device)} and operator_uid = ${op.uid}`)).toHaveLength(1);
    expect(await rows(sql`select 1 from known_devices where token_hash = ${tokenHash(op.device)}`)).toEqual([]);
  });

  it('the reset link gets the owner in at once while the email is tripped, and its browser is known from then on', async () => {
    const op = await operator();
    await trip(op.email);
    const token = await resetToken(op.email);
    const done = await calls.setPassword(token, 'Harbour-Gate-Opened-42');
    expect(done.statusCode, done.body).toBe(200);
    expect((await calls.session(done.json().access_token)).statusCode).toBe(200);
    expect((await calls.signIn({ username: op.email, password: 'Harbour-Gate-Opened-42', device_token: done.json().device_token })).statusCode).toBe(200);
    // An unknown browser still needs the code: the window has not ended.
    expectProblem(await calls.signIn({ username: op.email, password: 'Harbour-Gate-Opened-42' }), 403, 'Errors.SignInCodeRequired');
  });
});
