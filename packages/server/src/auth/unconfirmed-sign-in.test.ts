import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { nonce, register, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';

/**
 * Issue 12 item 5: with registration.requireEmailConfirmation, a person who gave a password at
 * sign-up cannot sign in until the email is confirmed (403 Errors.EmailNotConfirmed, only once the
 * password is right), and 'Send the link again' mails a new link (the older stops working) with the
 * same answer for any address. A reset link confirms too.
 */
/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
const PASSWORD = 'Brand-New-Secret-77';

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({
    config: registrationConfig({ confirm: true }), clock: '2026-03-15T12:00:00Z',
    app: { mailer: smtp.mailer },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let client = 0;
const from = () => `203.0.113.${(client = (client % 250) + 1)}`;
const login = (username: string, password: string) => t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: from(), payload: { username, password } });
const resend = (Email: string, query = '') => t.request({ method: 'POST', url: `/api/v1/crm/registrations/confirmation-mail${query}`, remoteAddress: from(), payload: { Email } });
const confirm = (Token: string) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', remoteAddress: from(), payload: { Token } });
const textOf = mailText;
const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Delivers the outbox; the confirmation tokens mailed to `to` since `before` mails. */
async function mailedLinks(to: string, before: number): Promise<string[]> {
  while (await t.app.jobs.deliverDue() > 0) { /* deliver everything due */ }
  return inbox.slice(before).filter((m) => m.to.includes(to)).map((m) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(textOf(m.raw))?.[1] ?? 'none');
}

async function signUp(): Promise<{ email: string; uid: string; link: string }> {
  const body = registrationBody({ Nonce: await nonce(t) }, { Password: PASSWORD });
  const before = inbox.length;
  const res = await register(t, body);
  expect(res.statusCode, res.body).toBe(201);
  const [link] = await mailedLinks(body.Person.Email, before);
  return { email: body.Person.Email, uid: res.json().Person.Uid as string, link: link! };
}

describe('no sign-in before the email is confirmed', () => {
  it('the right password gets 403 Errors.EmailNotConfirmed, a wrong one still 400 Errors.InvalidCredentials; confirmed, it signs in', async () => {
    const p = await signUp();
    const wrong = await login(p.email, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ErrorCode).toBe('Errors.InvalidCredentials');
    const refused = await login(p.email, PASSWORD);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ Status: 403, ErrorCode: 'Errors.EmailNotConfirmed', Message: 'Confirm your email address first: follow the link in the mail we sent you.', FieldErrors: [] });
    // No session was started for it.
    expect(await rows(sql`select 1 from sessions where person_uid = ${p.uid}`)).toEqual([]);
    expect((await rows(sql`select detail from audit_log where actor = ${p.uid} and action = 'signin.failure'`)).map((r) => r.detail))
      .toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'email_not_confirmed' })]));
    expect((await confirm(p.link)).statusCode).toBe(200);
    const ok = await login(p.email, PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('"Send the link again" mails a new link that works; the older one stops working', async () => {
    const p = await signUp();
    const before = inbox.length;
    const res = await resend(p.email.toUpperCase(), `?confirmationUrl=${encodeURIComponent('http://localhost:3000/account?portico_confirm=1&token=old')}`);
    expect(res.statusCode, res.body).toBe(204);
    const [fresh] = await mailedLinks(p.email, before);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The page asked for, without the token that was on it.
    expect(textOf(inbox.at(-1)!.raw)).toContain(`http://localhost:3000/account?portico_confirm=1&token=${fresh}`);
    expect((await confirm(p.link)).json().ErrorCode).toBe('Errors.InvalidToken');
    expect((await confirm(fresh!)).statusCode).toBe(200);
    expect((await login(p.email, PASSWORD)).statusCode).toBe(200);
  });

  it('the same 204 and the same writes for an unknown address and a confirmed one, and no mail', async () => {
    const p = await signUp();
    expect((await confirm(p.link)).statusCode).toBe(200);
    const outbox = async () => (await rows(sql`select count(*)::int as n from outbox where topic = 'mail.confirmation'`))[0]!.n as number;
    const before = inbox.length;
    const rowsBefore = await outbox();
    const confirmed = await resend(p.email);
    const unknown = await resend(`nobody-${Date.now()}@example.com`);
    for (const res of [confirmed, unknown]) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await outbox()).toBe(rowsBefore + 2);
    expect(await mailedLinks(p.email, before)).toEqual([]);
    expect(inbox.length).toBe(before);
    expect((await rows(sql`select detail from audit_log where action = 'email.confirmation-resend' order by at desc limit 2`)).map((r) => (r.detail as { reason?: string }).reason).sort())
      .toEqual(['already_confirmed', 'unknown_email']);
  });

  it('a link page on another site is refused before the email is looked up', async () => {
    const res = await resend('anyone@example.com', `?confirmationUrl=${encodeURIComponent('https://evil.example/confirm')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().FieldErrors[0]).toMatchObject({ Field: 'query.confirmationUrl' });
  });

  it('a password reset link confirms the email too (it came to the mailbox), and answers a device token', async () => {
    const p = await signUp();
    const before = inbox.length;
    expect((await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress: from(), payload: { Email: p.email, ResetUrl: 'http://localhost:3000/reset' } })).statusCode).toBe(204);
    while (await t.app.jobs.deliverDue() > 0) { /* deliver */ }
    const token = /resetToken=([A-Za-z0-9_-]{43})/.exec(textOf(inbox.slice(before).find((m) => m.to.includes(p.email))!.raw))![1]!;
    const reset = await t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token}`, remoteAddress: from(), payload: { NewPassword: 'Another-Secret-2026!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900, device_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await login(p.email, 'Another-Secret-2026!')).statusCode).toBe(200);
  });
});

describe('without requireEmailConfirmation', () => {
  it('an unconfirmed person signs in, and "Send the link again" sends nothing', async () => {
    const open = await createTestApp({ config: registrationConfig({ confirm: false }) });
    try {
      const body = registrationBody({ Nonce: await nonce(open) }, { Password: PASSWORD });
      const res = await register(open, body);
      expect(res.statusCode, res.body).toBe(201);
      await open.database.db.execute(sql`update people set email_confirmed = null where uid = ${res.json().Person.Uid as string}`);
      const signedIn = await open.request({ method: 'POST', url: '/api/v1/tokens', payload: { username: body.Person.Email, password: PASSWORD } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const again = await open.request({ method: 'POST', url: '/api/v1/crm/registrations/confirmation-mail', payload: { Email: body.Person.Email } });
      expect(again.statusCode).toBe(204);
      expect(await open.app.jobs.deliverDue()).toBe(0);
    } finally {
      await open.close();
    }
  });
});
