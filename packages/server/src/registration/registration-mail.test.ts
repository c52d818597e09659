import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createMailer } from '../mail/mailer.ts';
import { expectRefusedWithoutWrites, nonce, register, registrationBody, registrationConfig } from './registration-test-helpers.ts';

/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
});
afterAll(async () => { await smtp.close(); });

const textOf = mailText;

const confirmLink = (message: Received) => /http:\/\/localhost:3000\/\?confirm-email=1&portico_confirm=1&token=([A-Za-z0-9_-]{43})/.exec(textOf(message.raw));
/** A password given at sign-up: the mail's link confirms (without one it sets the password: first-password.test.ts). */
const PASSWORD = 'Quiet-Harbor-Tide-47';
const withPassword = { Password: PASSWORD };

describe('"Almost done": the confirmation mail goes out over SMTP after the commit, and its link works once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: registrationConfig({ confirm: true }), clock: '2026-03-15T12:00:00Z',
      app: { mailer: smtp.mailer },
    });
  });
  afterAll(async () => { await t.close(); });

  it('registers unconfirmed, mails a single-use link to the site page, and the link confirms the email once', async () => {
    const body = registrationBody({ Nonce: await nonce(t) }, withPassword);
    const res = await register(t, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ RequiresConfirmation: true, SetPasswordLink: false, Person: { EmailConfirmed: false } });
    // Written with the registration; delivered by the outbox worker (start-server runs it; here one round).
    const waiting = inbox.length;
    expect(await t.app.jobs.deliverDue()).toBe(1);
    expect(inbox.length).toBe(waiting + 1);
    const mail = inbox.at(-1)!;
    expect(mail.to).toEqual([body.Person.Email]);
    expect(mail.raw).toMatch(/^Subject: Confirm your email for Northwind Analytics/m);
    expect(mail.raw).toMatch(/^From: Northwind <no-reply@northwind\.example>/m);
    const token = confirmLink(mail)![1]!;
    // Only the token's hash is stored: the table holds no usable link.
    expect(await t.database.db.execute(sql`select 1 from email_tokens where token_hash = ${token}`).then((r) => (r as unknown as { rows: unknown[] }).rows)).toEqual([]);

    const confirmed = await t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', payload: { Token: token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ Person: { Uid: res.json().Person.Uid, Email: body.Person.Email }, EmailConfirmed: true, SetPassword: false, SignIn: { token_type: 'Bearer' } });
    const account = await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${res.json().Account.Uid}` });
    expect(account.statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', payload: { Token: token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('Errors.EmailAlreadyConfirmed');
    // Nothing more to send for a confirmed person.
    expect(await t.app.jobs.deliverDue()).toBe(0);
  });

  it('an expired or made-up link is 404 Errors.InvalidToken and confirms nothing', async () => {
    const res = await register(t, registrationBody({ Nonce: await nonce(t) }, withPassword));
    await t.app.jobs.deliverDue();
    const token = confirmLink(inbox.at(-1)!)![1]!;
    t.clock.set(new Date(t.clock.now().getTime() + 72 * 3_600_000 + 1000)); // EMAIL_CONFIRMATION_TTL_HOURS later
    const late = await t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', payload: { Token: token } });
    expect(late.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/v1/crm/registrations/confirm', payload: { Token: 'x'.repeat(43) } })).statusCode).toBe(404);
    const [row] = (await t.database.db.execute(sql`select email_confirmed from people where uid = ${res.json().Person.Uid}`) as unknown as { rows: { email_confirmed: unknown }[] }).rows;
    expect(row!.email_confirmed).toBeNull();
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
  });
});

describe('without SMTP', () => {
  it('development keeps mail in the /dev/mailbox page', async () => {
    const t = await createTestApp({ config: registrationConfig({ confirm: true }) });
    try {
      await register(t, registrationBody({ Nonce: await nonce(t) }, { FirstName: '<b>Ada</b>' }));
      await t.app.jobs.deliverDue();
      const page = await t.request({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Confirm your email and set your password for Northwind Analytics');
      expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/\?confirm-email=1&#38;confirmationToken=[A-Za-z0-9_-]{43}">/);
      // Mail text is shown escaped, never as markup.
      expect(page.body).not.toContain('<b>Ada</b>');
    } finally {
      await t.close();
    }
  });

  it('production without SMTP_URL: no mailbox page, and a sign-up that needs confirmation fails clearly, writing nothing', async () => {
    const t = await createTestApp({ config: registrationConfig({ confirm: true }), app: { mailer: createMailer({ from: 'x@example.com', production: true }) } });
    try {
      expect((await t.request({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) })), 503, 'Errors.MailUnavailable');
    } finally {
      await t.close();
    }
  });
});
