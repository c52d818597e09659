import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { TEST_PASSWORD, bearer, signInAs, signedInCustomer } from '../testing/signed-in-test-helpers.ts';

/**
 * Issue 12 item 2: an email change a stolen access token cannot make. The current password is
 * always asked, the link goes to the new address over real SMTP, only the link changes the email
 * (once), the old address gets a notice with an undo, and the undo treats it as a takeover.
 */
/** A real SMTP server in this process: what a mail provider would receive. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
let client = 0;
const addr = () => `198.51.100.${(client = (client % 250) + 1)}`;
const PAGE = 'http://localhost:3000/account?tab=profile';

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ app: { mailer: smtp.mailer } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const textOf = mailText;
const tokenIn = (m: Received, param: string) => new RegExp(`http://localhost:3000/account\\?tab=profile&${param}=([A-Za-z0-9_-]{43})`).exec(textOf(m.raw))?.[1];

const request = (token: string, payload: unknown, query = `?parentUrl=${encodeURIComponent(PAGE)}`) =>
  t.request({ method: 'POST', url: `/api/v1/profile/email${query}`, remoteAddress: addr(), headers: bearer(token), payload: payload as object });
const confirm = (token: string) => t.request({ method: 'POST', url: '/api/v1/profile/email/confirm', remoteAddress: addr(), payload: { Token: token } });
const undo = (token: string) => t.request({ method: 'POST', url: '/api/v1/profile/email/undo', remoteAddress: addr(), payload: { Token: token } });
const emailOf = async (uid: string) => (await t.database.db.execute(sql`select email, password_hash from people where uid = ${uid}`) as unknown as { rows: { email: string; password_hash: string | null }[] }).rows[0]!;
const liveSessions = async (uid: string) => Number((await t.database.db.execute(sql`select count(*)::int as n from sessions where person_uid = ${uid} and ended is null`) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const login = (username: string, password = TEST_PASSWORD) => t.request({ method: 'POST', url: '/api/v1/tokens', remoteAddress: addr(), payload: { username, password } });

/** Delivers what the outbox holds and returns the new mail. */
async function deliver(): Promise<Received[]> {
  const before = inbox.length;
  await t.app.jobs.deliverDue();
  return inbox.slice(before);
}

/** Asks for the change with the right password and returns the token of the link mailed to the new address. */
async function mailedChangeToken(token: string, newEmail: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await request(token, { NewEmail: newEmail, Password: TEST_PASSWORD, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ PendingEmail: newEmail, ExpiresInHours: 24 });
  const mails = await deliver();
  expect(mails.map((m) => m.to)).toEqual([[newEmail]]);
  return tokenIn(mails[0]!, 'emailChangeToken')!;
}

const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${(client += 1)}@example.com`;

describe('a token alone cannot change the email', () => {
  it('POST /profile/email without the password, or with a wrong one, is refused: nothing mailed, nothing changed', async () => {
    const c = await signedInCustomer(t);
    const newEmail = fresh('thief');
    const missing = await request(c.primary.token, { NewEmail: newEmail });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'Password' })]);
    const empty = await request(c.primary.token, { NewEmail: newEmail, Password: '' });
    expect(empty.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'Password', ErrorCode: 'Errors.Required' })]);
    const wrong = await request(c.primary.token, { NewEmail: newEmail, Password: 'a guess' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({ ErrorCode: 'Errors.CurrentPasswordIncorrect', Message: 'The current password is not correct.', FieldErrors: [{ Field: 'Password', ErrorCode: 'Errors.CurrentPasswordIncorrect' }] });
    const put = await t.request({ method: 'PUT', url: '/api/v1/profile', headers: bearer(c.primary.token), payload: { Email: newEmail } });
    expect(put.statusCode).toBe(400);
    expect(await deliver()).toEqual([]);
    expect((await emailOf(c.primary.uid)).email).toBe(c.primary.email);
    const [row] = await unitOfWork(t.database.db).auditLog.recent(1, 'reauthenticate.failure');
    expect(row).toMatchObject({ actor: c.primary.uid, detail: { purpose: 'email.change', reason: 'wrong_password' } });
  });

  it('checks the address (format, already theirs, taken in any letter case: 409 on NewEmail) and the link page', async () => {
    const c = await signedInCustomer(t);
    const other = await signedInCustomer(t);
    const cases: [unknown, number, string][] = [
      [{ NewEmail: 'not-an-email', Password: TEST_PASSWORD }, 400, 'Errors.InvalidEmail'],
      [{ NewEmail: c.primary.email, Password: TEST_PASSWORD }, 400, 'Errors.InvalidValue'],
      [{ NewEmail: other.primary.email.toUpperCase(), Password: TEST_PASSWORD }, 409, 'Errors.Duplicate'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await request(c.primary.token, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'NewEmail', ErrorCode: code })]);
    }
    const offsite = await request(c.primary.token, { NewEmail: fresh('x'), Password: TEST_PASSWORD }, `?parentUrl=${encodeURIComponent('https://evil.example/')}`);
    expect(offsite.statusCode).toBe(400);
    expect(offsite.json().FieldErrors[0].Field).toBe('query.parentUrl');
    expect(await deliver()).toEqual([]);
    expect((await t.request({ method: 'POST', url: '/api/v1/profile/email', remoteAddress: addr(), payload: { NewEmail: fresh('x'), Password: TEST_PASSWORD } })).statusCode).toBe(401);
  });
});

describe('the link to the new address, the notice to the old one, the undo', () => {
  it('the link changes the email once; the old address gets the notice with an undo link; sign-in follows the new email', async () => {
    const c = await signedInCustomer(t);
    const newEmail = fresh('augusta');
    const link = await mailedChangeToken(c.primary.token, newEmail);
    // Nothing changes until the link is used; opening the page (a GET) reaches no API that changes anything.
    expect((await emailOf(c.primary.uid)).email).toBe(c.primary.email);
    expect((await t.request({ method: 'GET', url: `/api/v1/profile/email/confirm?Token=${link}` })).statusCode).toBeGreaterThanOrEqual(404);

    const ok = await confirm(link);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ Email: newEmail, OtherSessionsEnded: 0 });
    expect((await emailOf(c.primary.uid)).email).toBe(newEmail);
    const second = await confirm(link);
    expect(second.statusCode).toBe(404);
    expect(second.json().ErrorCode).toBe('Errors.InvalidToken');

    const notice = await deliver();
    expect(notice.map((m) => m.to)).toEqual([[c.primary.email]]);
    expect(textOf(notice[0]!.raw)).toContain(newEmail);
    expect(tokenIn(notice[0]!, 'emailChangeUndoToken')).toMatch(/^[\w-]{43}$/);
    // The session that asked is still signed in; the new email signs in, the old one no longer does.
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(c.primary.token) })).json().Email).toBe(newEmail);
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(c.primary.email)).statusCode).toBe(400);
    const [row] = await unitOfWork(t.database.db).auditLog.recent(1, 'email.change');
    expect(row).toMatchObject({ actor: c.primary.uid, detail: { from: c.primary.email, to: newEmail } });
  });

  it('undo: the old email comes back, every session ends, the password is gone, links mailed meanwhile stop working; single use', async () => {
    const c = await signedInCustomer(t);
    const elsewhere = await signInAs(t, c.primary.email);
    const newEmail = fresh('thief');
    await confirm(await mailedChangeToken(c.primary.token, newEmail));
    const undoToken = tokenIn((await deliver())[0]!, 'emailChangeUndoToken')!;
    // The new address asks for a reset link meanwhile (what a thief does next): the undo must end it.
    expect((await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress: addr(), payload: { Email: newEmail, ResetUrl: PAGE } })).statusCode).toBe(204);
    const resetMail = await deliver();
    const resetToken = /resetToken=([\w-]{43})/.exec(textOf(resetMail[0]!.raw))![1]!;
    expect(await liveSessions(c.primary.uid)).toBe(2);

    const res = await undo(undoToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Email: c.primary.email, SessionsEnded: 2 });
    expect(await emailOf(c.primary.uid)).toEqual({ email: c.primary.email, password_hash: null });
    expect(await liveSessions(c.primary.uid)).toBe(0);
    for (const token of [c.primary.token, elsewhere]) {
      expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await login(c.primary.email)).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${resetToken}/options`, remoteAddress: addr() })).statusCode).toBe(404);
    expect((await undo(undoToken)).statusCode).toBe(404);
    const [row] = await unitOfWork(t.database.db).auditLog.recent(1, 'email.change.undo');
    expect(row).toMatchObject({ actor: c.primary.uid, detail: { from: newEmail, to: c.primary.email, sessionsEnded: 2, passwordCleared: true } });
  });

  it('EndOtherSessions: when the link is used, the other sessions end and the one that asked stays', async () => {
    const c = await signedInCustomer(t);
    const other = await signInAs(t, c.primary.email);
    const res = await confirm(await mailedChangeToken(c.primary.token, fresh('moved'), { EndOtherSessions: true }));
    expect(res.json()).toMatchObject({ OtherSessionsEnded: 1 });
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(other) })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(c.primary.token) })).statusCode).toBe(200);
    await deliver();
  });

  it('a newer request ends the older link; an address taken meanwhile is 409 and the email stays', async () => {
    const c = await signedInCustomer(t);
    const first = await mailedChangeToken(c.primary.token, fresh('first'));
    const wanted = fresh('second');
    const second = await mailedChangeToken(c.primary.token, wanted);
    expect((await confirm(first)).statusCode).toBe(404);
    // Someone signs up with the wanted address before the link is used.
    const rival = await signedInCustomer(t);
    const put = await t.database.db.execute(sql`update people set email = ${wanted} where uid = ${rival.primary.uid}`);
    expect(put).toBeDefined();
    const taken = await confirm(second);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().ErrorCode).toBe('Errors.Duplicate');
    expect((await emailOf(c.primary.uid)).email).toBe(c.primary.email);
    expect(await deliver()).toEqual([]);
  });

  it('unknown tokens are 404 Errors.InvalidToken; a Google-linked login cannot ask (403)', async () => {
    for (const send of [confirm, undo]) {
      const res = await send('0'.repeat(43));
      expect(res.statusCode).toBe(404);
      expect(res.json().ErrorCode).toBe('Errors.InvalidToken');
    }
    const c = await signedInCustomer(t);
    await t.database.db.execute(sql`update people set oauth_google_profile_id = 'g-1' where uid = ${c.primary.uid}`);
    const res = await request(c.primary.token, { NewEmail: fresh('g'), Password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(403);
  });
});
