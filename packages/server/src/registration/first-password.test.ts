import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { Database } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { counts, nextClient, nonce, register, registrationBody, registrationConfig } from './registration-test-helpers.ts';

/**
 * Issue 13 section 2 item 1: the first password. Sign-up without a password always mails a
 * set-password link (confirmation on or off); the link opens resetPassword, where the password is
 * checked against the policy, set once, the email confirmed and the person signed in. With
 * `registration.requirePassword` the password comes with the sign-up and the mailed link confirms
 * and signs in. A used link is 409 Errors.EmailAlreadyConfirmed, an unknown or expired one 404
 * Errors.InvalidToken. Mail through a real SMTP server in this process; one database for every
 * company config of the file (each app its own config, the same tables).
 */
const PASSWORD = 'Quiet-Harbor-Tide-47';
const START = '2026-03-15T12:00:00Z';

let smtp: SmtpInbox;
const inbox: Received[] = [];
let database: Database;
const apps: TestApp[] = [];

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const t of apps) await t.app.close();
  await database?.close();
  await smtp.close();
});

async function appFor(config: CompanyConfig, mailer = smtp.mailer): Promise<TestApp> {
  const t = await createTestApp({ config, database, clock: START, app: { mailer } });
  apps.push(t);
  return t;
}

const withPassword = (config: CompanyConfig): CompanyConfig => ({ ...config, registration: { ...config.registration, requirePassword: true } });
const rows = async (query: ReturnType<typeof sql>) => (await database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Runs the outbox once and answers the text of the newest mail to `email` (the mail must have come). */
async function mailTo(t: TestApp, email: string): Promise<{ subject: string; text: string }> {
  await t.app.jobs.deliverDue();
  const mail = inbox.filter((m) => m.to.includes(email)).at(-1);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const text = mailText(mail!.raw);
  return { subject: /^Subject: (.*)$/m.exec(text)![1]!, text };
}

const SET_PASSWORD_LINK = /http:\/\/localhost:3000\/\?confirm-email=1&confirmationToken=([A-Za-z0-9_-]{43})/;
const CONFIRM_LINK = /http:\/\/localhost:3000\/\?confirm-email=1&portico_confirm=1&token=([A-Za-z0-9_-]{43})/;

const options = (t: TestApp, token: string) => t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options`, remoteAddress: nextClient() });
const setPassword = (t: TestApp, token: string, NewPassword: string) =>
  t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token}`, payload: { NewPassword }, remoteAddress: nextClient() });
const confirm = (t: TestApp, Token: string) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', payload: { Token }, remoteAddress: nextClient() });
const login = (t: TestApp, username: string, password: string) => t.request({ method: 'POST', url: '/api/v1/tokens', payload: { username, password }, remoteAddress: nextClient() });
const session = (t: TestApp, token: string) => t.request({ method: 'GET', url: '/api/v1/auth/session', headers: { authorization: `Bearer ${token}` } });

/** A sign-up of the demo company's form (Ada Lovelace), with `person` added (a Password). */
async function signUp(t: TestApp, person: Record<string, unknown> = {}) {
  const body = registrationBody({ Nonce: await nonce(t) }, person);
  const res = await register(t, body);
  return { res, email: body.Person.Email, uid: res.statusCode === 201 ? res.json().Person.Uid as string : '' };
}

describe('no password at sign-up: the set-password mail always goes out', () => {
  for (const confirmation of [false, true]) {
    describe(`requireEmailConfirmation ${confirmation ? 'on' : 'off'}`, () => {
      let t: TestApp;
      beforeAll(async () => { t = await appFor(registrationConfig({ confirm: confirmation })); });

      it('mails a set-password link; following it checks the policy, then confirms, sets the password once and signs in', async () => {
        const { res, email, uid } = await signUp(t);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ RequiresConfirmation: true, SetPasswordLink: true, Person: { EmailConfirmed: !confirmation } });
        const mail = await mailTo(t, email);
        expect(mail.subject).toBe('Confirm your email and set your password for Northwind Analytics');
        expect(mail.text).toContain('Confirm your email address and choose your password');
        const token = SET_PASSWORD_LINK.exec(mail.text)![1]!;
        // No password yet: nobody can sign in.
        expect((await login(t, email, PASSWORD)).json().ErrorCode).toBe('Errors.InvalidCredentials');

        // The reset screen's calls take the link: its options, and the live check with the person's own data.
        expect((await options(t, token)).json()).toEqual({ Options: 1 });
        const check = await t.request({ method: 'POST', url: '/api/v1/auth/validate-password', payload: { Password: 'Lovelace-Harbor-47', ConfirmationToken: token } });
        expect(check.statusCode, check.body).toBe(200);
        expect(check.json().items).toContainEqual({ PolicyKey: 'PersonalDataDisallowed', IsValid: false });

        // The policy holds on the server: a refused password leaves the link usable.
        const weak = await setPassword(t, token, 'short');
        expect(weak.statusCode).toBe(400);
        expect(weak.json().FieldErrors.map((e: { Field: string }) => e.Field)).toContain('NewPassword');
        const personal = await setPassword(t, token, 'Lovelace-Harbor-47');
        expect(personal.statusCode).toBe(400);
        expect(personal.json().FieldErrors[0]).toMatchObject({ Field: 'NewPassword', ErrorCode: 'Errors.PasswordContainsPersonalData' });

        const set = await setPassword(t, token, PASSWORD);
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), device_token: expect.any(String) });
        expect((await session(t, set.json().access_token)).statusCode).toBe(200);
        const [person] = await rows(sql`select email_confirmed, password_hash from people where uid = ${uid}`);
        expect(person!.email_confirmed).not.toBeNull();
        expect(person!.password_hash).toMatch(/^\$argon2id\$/);
        const [audit] = await rows(sql`select detail from audit_log where action = 'password.reset' and actor = ${uid}`);
        expect(audit!.detail).toMatchObject({ purpose: 'confirm-email', method: 'password' });

        // The first sign-in needs no 'forgot password'.
        expect((await login(t, email, PASSWORD)).statusCode).toBe(200);

        // The link worked once: now it says the address is confirmed, on every call that takes it.
        for (const again of [await setPassword(t, token, PASSWORD), await options(t, token), await confirm(t, token)]) {
          expect(again.statusCode, again.body).toBe(409);
          expect(again.json()).toMatchObject({ ErrorCode: 'Errors.EmailAlreadyConfirmed', Message: 'This email address is already confirmed. Log in to continue.' });
        }
      });

      it('an expired or unknown link is 404 Errors.InvalidToken and sets nothing', async () => {
        const { email, uid } = await signUp(t);
        const token = SET_PASSWORD_LINK.exec((await mailTo(t, email)).text)![1]!;
        const now = t.clock.now();
        t.clock.set(new Date(now.getTime() + 72 * 3_600_000 + 1000)); // EMAIL_CONFIRMATION_TTL_HOURS later
        try {
          for (const late of [await setPassword(t, token, PASSWORD), await options(t, token), await confirm(t, token)]) {
            expect(late.statusCode).toBe(404);
            expect(late.json().ErrorCode).toBe('Errors.InvalidToken');
          }
        } finally {
          t.clock.set(now);
        }
        const unknown = await setPassword(t, 'x'.repeat(43), PASSWORD);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().ErrorCode).toBe('Errors.InvalidToken');
        const [person] = await rows(sql`select password_hash from people where uid = ${uid}`);
        expect(person!.password_hash).toBeNull();
      });

      it('two identical submits at once set the password once: one signs in, the other hears the address is confirmed', async () => {
        const { email, uid } = await signUp(t);
        const token = SET_PASSWORD_LINK.exec((await mailTo(t, email)).text)![1]!;
        const answers = await Promise.all([setPassword(t, token, PASSWORD), setPassword(t, token, PASSWORD)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect((await rows(sql`select count(*)::int as n from audit_log where action = 'password.reset' and actor = ${uid}`))[0]!.n).toBe(1);
        expect((await rows(sql`select count(*)::int as n from sessions where person_uid = ${uid}`))[0]!.n).toBe(1);
        expect((await rows(sql`select count(*)::int as n from password_history where person_uid = ${uid}`))[0]!.n).toBe(0);
      });

      it('the confirm call leaves a set-password link unused and says where it belongs', async () => {
        const { email, uid } = await signUp(t);
        const token = SET_PASSWORD_LINK.exec((await mailTo(t, email)).text)![1]!;
        const res = await confirm(t, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ Person: { Uid: uid, Email: email }, EmailConfirmed: !confirmation, SetPassword: true, SignIn: null });
        expect((await setPassword(t, token, PASSWORD)).statusCode).toBe(200);
      });
    });
  }

  it('production without SMTP: a sign-up without a password is refused (503), writing nothing; with a password and no confirmation it needs no mail', async () => {
    const t = await appFor(withPassword(registrationConfig()), createMailer({ from: 'x@example.com', production: true }));
    const open = await appFor(registrationConfig(), createMailer({ from: 'x@example.com', production: true }));
    const before = await counts(open);
    const refused = await signUp(open);
    expect(refused.res.statusCode, refused.res.body).toBe(503);
    expect(refused.res.json().ErrorCode).toBe('Errors.MailUnavailable');
    expect(await counts(open)).toEqual(before);
    expect((await signUp(t, { Password: PASSWORD })).res.statusCode).toBe(201);
  });
});

describe('registration.requirePassword: the password comes with the sign-up', () => {
  let t: TestApp;
  beforeAll(async () => { t = await appFor(withPassword(registrationConfig({ confirm: true }))); });

  it('confirmation on: the password is checked, the mailed link confirms and signs in once; then the password works', async () => {
    const missing = await signUp(t);
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().FieldErrors[0]).toMatchObject({ Field: 'Person.Password', ErrorCode: 'Errors.Required' });
    const weak = await signUp(t, { Password: 'Lovelace1234' });
    expect(weak.res.statusCode).toBe(400);
    expect(weak.res.json().FieldErrors.map((e: { Field: string }) => e.Field)).toContain('Person.Password');

    const { res, email, uid } = await signUp(t, { Password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ RequiresConfirmation: true, SetPasswordLink: false, Person: { EmailConfirmed: false } });
    const mail = await mailTo(t, email);
    expect(mail.subject).toBe('Confirm your email for Northwind Analytics');
    const token = CONFIRM_LINK.exec(mail.text)![1]!;
    expect((await login(t, email, PASSWORD)).json().ErrorCode).toBe('Errors.EmailNotConfirmed');
    // A confirm link of a person with a password is not a reset link.
    expect((await setPassword(t, token, 'Another-Harbor-48')).statusCode).toBe(404);

    const confirmed = await confirm(t, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ Person: { Uid: uid, Email: email }, EmailConfirmed: true, SetPassword: false, SignIn: { token_type: 'Bearer', access_token: expect.any(String), device_token: expect.any(String) } });
    const signedIn = await session(t, confirmed.json().SignIn.access_token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ PersonUid: uid, AccountUid: res.json().Account.Uid });
    const [audit] = await rows(sql`select detail from audit_log where action = 'signin.success' and actor = ${uid}`);
    expect(audit!.detail).toMatchObject({ method: 'email-link' });

    const again = await confirm(t, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('Errors.EmailAlreadyConfirmed');
    expect((await login(t, email, PASSWORD)).statusCode).toBe(200);
  });

  it('confirmation on: two clicks at once confirm once and start one session', async () => {
    const { email, uid } = await signUp(t, { Password: PASSWORD });
    const token = CONFIRM_LINK.exec((await mailTo(t, email)).text)![1]!;
    const answers = await Promise.all([confirm(t, token), confirm(t, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await rows(sql`select count(*)::int as n from sessions where person_uid = ${uid}`))[0]!.n).toBe(1);
  });

  it('confirmation off: no mail at all, and the password signs in at once', async () => {
    const off = await appFor(withPassword(registrationConfig()));
    const { res, email } = await signUp(off, { Password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ RequiresConfirmation: false, SetPasswordLink: false, Person: { EmailConfirmed: true } });
    const waiting = inbox.length;
    expect(await off.app.jobs.deliverDue()).toBe(0);
    expect(inbox.length).toBe(waiting);
    expect((await login(off, email, PASSWORD)).statusCode).toBe(200);
  });
});
