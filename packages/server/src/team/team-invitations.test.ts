import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { PEOPLE, PASSWORD, bearer, invite, member, nextAddress, teamOwner } from './team-test-helpers.ts';

/**
 * Issue 15 item 2: pending invitations (docs/team.md 'Pending invitations'): listed apart, each
 * holding a seat, mailed again (idempotent, the new link replacing the old) and withdrawn; taken
 * up by the invitee's first sign-in to the account. Real SMTP in this process, real database.
 */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ clock: '2026-11-27T12:00:00Z', app: { mailer: smtp.mailer } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkOf = (raw: string) => /resetToken=([A-Za-z0-9_-]{43})/.exec(mailText(raw))![1]!;
const list = (token: string, query = '') => t.request({ method: 'GET', url: `${PEOPLE}${query}`, headers: bearer(token) });
const resend = (token: string, uid: string) => t.request({ method: 'POST', url: `${PEOPLE}/${uid}/invitation`, remoteAddress: nextAddress(), headers: bearer(token) });
const revoke = (token: string, uid: string) => t.request({ method: 'DELETE', url: `${PEOPLE}/${uid}/invitation`, remoteAddress: nextAddress(), headers: bearer(token) });
const options = (token: string) => t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options`, remoteAddress: nextAddress() });
const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));

/**
 * The newest mail to `email` among those after the first `after`: delivers what is due, then waits for
 * it (a commit's wake-up may be delivering it at the same moment).
 */
async function mailTo(email: string, after: number): Promise<Received> {
  await t.app.jobs.deliverDue();
  await expect.poll(() => inbox.slice(after).some((m) => m.to.includes(email)), { timeout: 10_000 }).toBe(true);
  return inbox.slice(after).filter((m) => m.to.includes(email)).at(-1)!;
}

/** Invites a fresh address and delivers the mail; the invitation's link uid, person and mailed token. */
async function invited(ownerToken: string, names: Record<string, string> = {}) {
  const email = `pending-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const received = inbox.length;
  const res = await invite(t, ownerToken, { Email: email, ...names });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await mailTo(email, received);
  return { uid: res.json().Uid as string, personUid: res.json().Person.Uid as string, email, token: linkOf(mail.raw) };
}

describe('pending invitations', () => {
  it('are listed apart (Pending, Invited) and hold a seat until the invitee signs in through the link', async () => {
    const { token } = await teamOwner(t, { quantity: 4 });
    const joined = await member(t, token);
    const inv = await invited(token);
    const created = await invite(t, token, { Email: `late-${Date.now()}@example.com` });
    expect(created.json()).toMatchObject({ Pending: true, Invited: expect.stringMatching(/^2026-11-27T12:/) });

    const pending = (await list(token, '?Pending=true')).json();
    expect(pending.items.map((m: { Uid: string }) => m.Uid).sort()).toEqual([inv.uid, created.json().Uid].sort());
    expect(pending.items[0]).toMatchObject({ Pending: true, Invited: expect.stringMatching(/^2026-11-27T/) });
    const members = (await list(token, '?Pending=false')).json();
    expect(members.items.map((m: { Uid: string }) => m.Uid)).toContain(joined.link.Uid);
    expect(members.items.every((m: { Pending: boolean }) => !m.Pending)).toBe(true);
    // Owner + joined + two pending on 4 seats: the second invitation took the last seat.
    expect(pending.Seats).toMatchObject({ Quantity: 4, Members: 4, PendingInvitations: 2, CanInvite: false });
    expect((await invite(t, token, { Email: `one-more-${Date.now()}@example.com` })).json().ErrorCode).toBe('Errors.TeamSeatsExhausted');

    const set = await t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${inv.token}`, remoteAddress: nextAddress(), payload: { NewPassword: 'A fresh and long Passphrase 42!' } });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await list(token, '?Pending=true')).json();
    expect(after.items.map((m: { Uid: string }) => m.Uid)).toEqual([created.json().Uid]);
    expect(after.Seats).toMatchObject({ Members: 4, PendingInvitations: 1 });
  });

  it('an invited person who already has a password takes the invitation up by signing in to the account', async () => {
    const a = await teamOwner(t);
    const m = await member(t, a.token);
    const b = await teamOwner(t);
    const res = await invite(t, b.token, { Email: m.email });
    expect(res.json().Pending).toBe(true);
    const signIn = await t.request({
      method: 'POST', url: '/api/v1/tokens', remoteAddress: nextAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: m.email, password: PASSWORD }).toString(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Two accounts: signed in to none yet, so still pending; choosing B (the widget's chooseAccount) takes it up.
    expect((await list(b.token, '?Pending=true')).json().items).toHaveLength(1);
    const chosen = await t.request({ method: 'POST', url: `/api/v1/tokens/reissue?accountUid=${b.accountUid}`, headers: bearer(signIn.json().access_token) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await list(b.token, '?Pending=true')).json().items).toEqual([]);
    // And a sign-in straight to the account (POST /tokens?accountUid=) does the same.
    const c = await teamOwner(t);
    expect((await invite(t, c.token, { Email: m.email })).statusCode).toBe(201);
    const direct = await t.request({
      method: 'POST', url: `/api/v1/tokens?accountUid=${c.accountUid}`, remoteAddress: nextAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: m.email, password: PASSWORD }).toString(),
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await list(c.token, '?Pending=true')).json().items).toEqual([]);
  });

  it('the link\'s options name who invited and to which account, nothing more', async () => {
    const { token, accountUid, owner } = await teamOwner(t);
    const inv = await invited(token);
    const res = await options(inv.token);
    expect(res.statusCode, res.body).toBe(200);
    const [account] = (await t.database.db.execute(sql`select name from accounts where uid = ${accountUid}`) as unknown as { rows: { name: string }[] }).rows;
    expect(res.json()).toEqual({ Options: 1, Invitation: { InvitedBy: 'Ada Lovelace', AccountName: account!.name } });
    // No email, no uid of anyone in the answer.
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain(owner.Uid);
    expect(res.body).not.toContain(inv.personUid);
    // A forgot-password link carries no invitation.
    const received = inbox.length;
    await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress: nextAddress(), payload: { Email: inv.email } });
    expect((await options(linkOf((await mailTo(inv.email, received)).raw))).json()).toEqual({ Options: 1 });
  });

  it('resend mails a new link that replaces the old one; a second resend within a minute sends nothing (Sent: false)', async () => {
    const { token } = await teamOwner(t);
    const inv = await invited(token, { FirstName: 'Grace' });
    later(5 * 60_000);
    const received = inbox.length;
    const first = await resend(token, inv.uid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ Sent: true, PersonAccount: { Uid: inv.uid, Pending: true } });
    // The invitation's time moved to the resend (the test clock runs on from the moment it was set).
    expect(Date.parse(first.json().PersonAccount.Invited)).toBeGreaterThanOrEqual(t.clock.now().getTime() - 5_000);
    const twin = await resend(token, inv.uid);
    expect(twin.json()).toMatchObject({ Sent: false, PersonAccount: { Invited: first.json().PersonAccount.Invited } });
    const mail = await mailTo(inv.email, received);
    await t.app.jobs.deliverDue();
    // One mail for the two asks.
    expect(inbox.slice(received).filter((m) => m.to.includes(inv.email))).toHaveLength(1);
    expect(mailText(mail.raw)).toContain('Hello Grace,');
    const fresh = linkOf(mail.raw);
    expect(fresh).not.toBe(inv.token);
    expect((await options(inv.token)).statusCode).toBe(404);
    expect((await options(fresh)).statusCode).toBe(200);
    const [audit] = await unitOfWork(t.database.db).auditLog.recent(1, 'team.invite.resend');
    expect(audit).toMatchObject({ target: inv.personUid });
  });

  it('revoke withdraws the invitation: its seat frees, its link stops working, an unsent mail is never sent', async () => {
    const { token } = await teamOwner(t, { quantity: 3 });
    await invited(token);
    const inv = await invited(token);
    expect((await list(token)).json().Seats).toMatchObject({ Members: 3, CanInvite: false });
    const res = await revoke(token, inv.uid);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list(token)).json()).toMatchObject({ metadata: { total: 2 }, Seats: { Members: 2, PendingInvitations: 1, CanInvite: true } });
    expect((await options(inv.token)).statusCode).toBe(404);
    expect((await revoke(token, inv.uid)).statusCode).toBe(404);

    // Withdrawn before the outbox ran: nothing reaches the inbox.
    const quick = await invite(t, token, { Email: `quick-${Date.now()}@example.com` });
    expect((await revoke(token, quick.json().Uid)).statusCode).toBe(204);
    const waiting = inbox.length;
    await t.app.jobs.deliverDue();
    expect(inbox.length).toBe(waiting);
  });

  it('someone who has joined is not an invitation: resend and revoke are 409 Errors.Conflict and change nothing', async () => {
    const { token } = await teamOwner(t);
    const joined = await member(t, token);
    for (const res of [await resend(token, joined.link.Uid), await revoke(token, joined.link.Uid)]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ Status: 409, ErrorCode: 'Errors.Conflict' });
    }
    expect((await list(token, '?Pending=false')).json().items.map((m: { Uid: string }) => m.Uid)).toContain(joined.link.Uid);
    // Bad input is a 400 or 404, never a 500.
    for (const uid of ['x'.repeat(65), '%00', "' or 1=1 --"]) {
      expect([400, 404]).toContain((await resend(token, encodeURIComponent(uid))).statusCode);
      expect([400, 404]).toContain((await revoke(token, encodeURIComponent(uid))).statusCode);
    }
    expect((await list(token, '?Pending=maybe')).statusCode).toBe(400);
  });

  it('resend is rate limited per account (429 with Retry-After)', async () => {
    const { token } = await teamOwner(t);
    const inv = await invited(token);
    let last = await resend(token, inv.uid);
    for (let i = 0; i < 25 && last.statusCode !== 429; i += 1) last = await resend(token, inv.uid);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
