import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { tokenHash } from '../registration/secret-token.ts';
import { accountCalls, deliveredTo, expectProblem, nextAddress, setPasswordLinkIn, uniqueOperatorEmail } from './operator-account-test-helpers.ts';

/**
 * Issue 20, an operator's account: the admin creates an operator without a password, the invitation
 * arrives over real SMTP with a one-time link to the console's set-password page, the page's calls set
 * a password under the company's policy and sign the operator in. The link works once, expires, is
 * ended by a re-sent invitation, and is never a member's link (nor a member's link the console's).
 */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
let calls: ReturnType<typeof accountCalls>;
const START = new Date('2026-03-15T12:00:00Z');
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-58';

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ clock: START.toISOString(), app: { mailer: smtp.mailer } });
  calls = accountCalls(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;

/** An operator made without a password, and the token of the invitation mailed to them. */
async function invited(name = 'Ines Invited') {
  const email = uniqueOperatorEmail('invited');
  const before = inbox.length;
  const made = await calls.create({ Email: email, Name: name, Role: 'agent' });
  expect(made.statusCode, made.body).toBe(201);
  expect(made.json()).toMatchObject({ Email: email, PasswordSet: false });
  const mails = await deliveredTo(t, inbox, email, before);
  expect(mails).toHaveLength(1);
  return { uid: made.json().Uid as string, email, name, mail: mails[0]!, ...setPasswordLinkIn(mails[0]!) };
}

describe('the invitation: create without a password → mail → set-password page → signed in', () => {
  it('mails a text and HTML invitation with a one-time link; the page names the company and operator; a weak password is refused on its field; a good one signs in', async () => {
    const op = await invited();
    const text = mailText(op.mail.raw);
    expect(text).toMatch(/^Subject: You have been added to the Northwind Analytics support console/m);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('>Set my password</a>');
    expect(text).toContain('expires in 72 hours');
    expect(op.link).toBe(`http://localhost:3000/console/#/set-password?token=${op.token}`);
    // Only the token's hash is stored, for 72 hours; the operator has no password yet, so no sign-in works.
    const stored = await rows(sql`select token_hash, purpose, expires from operator_email_tokens where operator_uid = ${op.uid} and used is null`);
    expect(stored).toEqual([{ token_hash: tokenHash(op.token), purpose: 'invite', expires: expect.anything() }]);
    expect(new Date(String(stored[0]!.expires)).getTime() - START.getTime()).toBeGreaterThanOrEqual(72 * 3_600_000 - 60_000);
    expectProblem(await calls.signIn({ username: op.email, password: NEW_PASSWORD }), 400, 'Errors.InvalidCredentials');

    const facts = await calls.check(op.token);
    expect(facts.statusCode, facts.body).toBe(200);
    expect(facts.json()).toMatchObject({ Purpose: 'invite', CompanyName: 'Northwind Analytics', Email: op.email, Name: op.name, PasswordPolicy: { MinimumLength: expect.any(Number) } });

    const weak = await calls.setPassword(op.token, 'password');
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json().FieldErrors.map((e: { Field: string }) => e.Field)).toContain('NewPassword');
    const empty = await calls.setPassword(op.token, '');
    expect(empty.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'NewPassword', ErrorCode: 'Errors.Required' })]);

    const done = await calls.setPassword(op.token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token_type: 'Bearer', device_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await calls.session(done.json().access_token)).json()).toMatchObject({ OperatorUid: op.uid, Name: op.name });
    // Signed in afterwards with the password, and the admin's list says it is set.
    const again = await calls.signIn({ username: op.email, password: NEW_PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    const list = await t.admin({ method: 'GET', url: '/api/v1/admin/operators?limit=-1' });
    expect(list.json().items.find((o: { Uid: string }) => o.Uid === op.uid)).toMatchObject({ PasswordSet: true });
    expect(await rows(sql`select detail->>'purpose' as purpose from audit_log where actor = ${op.uid} and action = 'password.reset'`)).toEqual([{ purpose: 'invite' }]);
  });

  it('single use: a second submit (or its check) is 404 Errors.InvalidToken, and so is an unknown token', async () => {
    const op = await invited();
    expect((await calls.setPassword(op.token, NEW_PASSWORD)).statusCode).toBe(200);
    expectProblem(await calls.setPassword(op.token, 'Another-Good-Secret-91'), 404, 'Errors.InvalidToken');
    expectProblem(await calls.check(op.token), 404, 'Errors.InvalidToken');
    expectProblem(await calls.check('A'.repeat(43)), 404, 'Errors.InvalidToken');
    // Two submits at once: exactly one wins.
    const twin = await invited();
    const both = await Promise.all([calls.setPassword(twin.token, NEW_PASSWORD), calls.setPassword(twin.token, NEW_PASSWORD)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('a re-sent invitation ends the earlier link at once; the new one works; 409 once a password is set or the operator is disabled; 404 unknown', async () => {
    const op = await invited();
    const before = inbox.length;
    const resent = await calls.resend(op.uid);
    expect(resent.statusCode, resent.body).toBe(204);
    expectProblem(await calls.check(op.token), 404, 'Errors.InvalidToken');
    const [mail] = await deliveredTo(t, inbox, op.email, before);
    const fresh = setPasswordLinkIn(mail!);
    expect(fresh.token).not.toBe(op.token);
    expect((await calls.setPassword(fresh.token, NEW_PASSWORD)).statusCode).toBe(200);
    expectProblem(await calls.resend(op.uid), 409, 'Errors.Conflict');
    expectProblem(await calls.resend('no-such-operator'), 404, 'Errors.NotFound');
    const other = await invited();
    expect((await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${other.uid}`, payload: { Disabled: true } })).statusCode).toBe(200);
    expectProblem(await calls.resend(other.uid), 409, 'Errors.Conflict');
    // A disabled operator's link no longer works either.
    expectProblem(await calls.check(other.token), 404, 'Errors.InvalidToken');
    expect(await rows(sql`select action from audit_log where target = ${op.uid} and action like 'operator.invite%' order by at, action`)).toEqual([
      { action: 'operator.invite' }, { action: 'operator.invite.resend' },
    ]);
  });

  it('an operator\'s link is never a member\'s reset link, and a member\'s reset link never sets an operator\'s password', async () => {
    const op = await invited();
    const memberOptions = await t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${op.token}/options`, remoteAddress: nextAddress() });
    expectProblem(memberOptions, 404, 'Errors.InvalidToken');
    expectProblem(await t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${op.token}`, payload: { NewPassword: NEW_PASSWORD }, remoteAddress: nextAddress() }), 404, 'Errors.InvalidToken');
    // A member with the same address: their reset link is for the members' route only.
    const account = await importCustomer(t);
    const memberEmail = account.PrimaryContact.Email as string;
    await unitOfWork(t.database.db).passwordHistory.replaceHash(account.PrimaryContact.Uid as string, await hashPassword('Member-Secret-2026'), t.clock.now());
    const before = inbox.length;
    const asked = await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', payload: { Email: memberEmail, ResetUrl: 'http://localhost:3000/account' }, remoteAddress: nextAddress() });
    expect(asked.statusCode, asked.body).toBe(204);
    const [memberMail] = await deliveredTo(t, inbox, memberEmail, before);
    const memberToken = /resetToken=([A-Za-z0-9_-]{43})/.exec(mailText(memberMail!.raw))![1]!;
    expectProblem(await calls.check(memberToken), 404, 'Errors.InvalidToken');
    expectProblem(await calls.setPassword(memberToken, NEW_PASSWORD), 404, 'Errors.InvalidToken');
    // Both links still work where they belong.
    expect((await calls.check(op.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${memberToken}/options`, remoteAddress: nextAddress() })).statusCode).toBe(200);
  });

  it('expires after 72 hours', async () => {
    const op = await invited();
    try {
      t.clock.set(new Date(START.getTime() + 72 * 3_600_000 + 60_000));
      expectProblem(await calls.check(op.token), 404, 'Errors.InvalidToken');
      expectProblem(await calls.setPassword(op.token, NEW_PASSWORD), 404, 'Errors.InvalidToken');
    } finally {
      t.clock.set(START);
    }
  });

  it('an operator made with a Password is mailed nothing and has no invitation to re-send', async () => {
    const email = uniqueOperatorEmail('with-password');
    const before = inbox.length;
    const made = await calls.create({ Email: email, Name: 'Pat Password', Role: 'admin', Password: NEW_PASSWORD });
    expect(made.json()).toMatchObject({ PasswordSet: true });
    expect(await deliveredTo(t, inbox, email, before)).toEqual([]);
    expectProblem(await calls.resend(made.json().Uid), 409, 'Errors.Conflict');
  });
});
