import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { nonce, register, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';
import { counts } from '../registration/registration-test-helpers.ts';
import { emailListSubscriptionsRepository } from './email-list-subscriptions.repository.ts';
import { confirmationLinkOf, consentsOf, header, oneClickOf, rows, statusOf } from './email-lists.test-helpers.ts';

/** A real SMTP server in this process: what a mail provider receives, headers included. */
let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
let client = 0;
const ip = () => `203.0.113.${(client = (client % 250) + 1)}`;

beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ config: registrationConfig(), clock: '2026-05-01T09:00:00Z', app: { mailer: smtp.mailer } });
});
afterAll(async () => { await t.close(); await smtp.close(); });

/** Signs up through the real registration with 'Sign up for email updates' ticked. */
async function signUpOptedIn(): Promise<{ uid: string; email: string }> {
  const body = registrationBody({ Nonce: await nonce(t) }, { OptInToEmailList: true });
  const res = await register(t, body);
  expect(res.statusCode, res.body).toBe(201);
  return { uid: res.json().Person.Uid as string, email: body.Person.Email as string };
}

/** A mail to the person goes out over SMTP (the double opt-in confirmation here) and its List-Unsubscribe names them. */
async function mailedToken(personUid: string, email: string): Promise<{ token: string; mail: Received }> {
  const res = await t.admin({ method: 'POST', url: '/api/v1/admin/email-lists/list-webinars/subscribers', payload: { PersonUid: personUid } });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.deliverDue();
  const mail = inbox.findLast((m) => m.to.includes(email))!;
  expect(mail).toBeDefined();
  const link = oneClickOf(mail);
  expect(link, 'a mail to a list member carries List-Unsubscribe').not.toBeNull();
  return { token: link!.token, mail };
}

const save = (token: string, lists: string[], headers: Record<string, string> = {}) =>
  t.request({ method: 'PUT', url: '/api/v1/public/email-lists/subscriptions', remoteAddress: ip(), headers, payload: { Token: token, ActiveSubscriptions: lists } });

describe('sign-up box, mailed links and RFC 8058 headers', () => {
  it('the sign-up box subscribes to the configured sign-up list with a consent row (source signup, the caller\'s IP)', async () => {
    const p = await signUpOptedIn();
    expect(await statusOf(t, p.uid, 'list-newsletter')).toBe('Subscribed');
    const log = await consentsOf(t, p.uid);
    expect(log).toEqual([expect.objectContaining({ action: 'opt_in', source: 'signup', list_uid: 'list-newsletter' })]);
    expect(log[0]!.ip).toMatch(/^198\.51\.100\./);
  });

  it('every mail to a list member carries List-Unsubscribe (https + one-click) and List-Unsubscribe-Post, and a text part', async () => {
    const p = await signUpOptedIn();
    const { mail } = await mailedToken(p.uid, p.email);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail.raw, 'List-Unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/public\/email-lists\/one-click\?token=[^>]+>$/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    // The footer's preferences link opens manage with a person token.
    expect(mailText(mail.raw)).toMatch(/portico_lists=manage&listsToken=/);
    // The person uid never travels bare: the token is signed (tampering with a character breaks it).
    const token = oneClickOf(mail)!.token;
    expect(token.startsWith(`${p.uid}.`)).toBe(true);
  });

  it('a mail to someone on no list carries no List-Unsubscribe', async () => {
    const c = await signedInCustomer(t);
    const res = await t.request({ method: 'POST', url: '/api/v1/crm/people/forgotPassword', remoteAddress: ip(), payload: { Email: c.primary.email, ResetUrl: 'http://localhost:3000/reset' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await t.app.jobs.deliverDue();
    const mail = inbox.findLast((m) => m.to.includes(c.primary.email))!;
    expect(header(mail.raw, 'List-Unsubscribe')).toBeNull();
  });
});

describe('preferences from a mailed link (manage)', () => {
  it('an expired link has a way on: "Email me a new link" mails a fresh one to a known address, and answers an unknown one the same', async () => {
    const p = await signUpOptedIn();
    const { token } = await mailedToken(p.uid, p.email);
    t.clock.set(new Date(t.clock.now().getTime() + 91 * 86_400_000));
    try {
      expect((await t.request({ method: 'GET', url: `/api/v1/public/email-lists/subscriptions/mine?token=${encodeURIComponent(token)}`, remoteAddress: ip() })).statusCode).toBe(404);
      const mailsBefore = inbox.length;
      const known = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/link', remoteAddress: ip(), payload: { Email: `  ${p.email.toUpperCase()} ` } });
      const unknown = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/link', remoteAddress: ip(), payload: { Email: 'nobody-here@example.com' } });
      expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
      expect(unknown.body).toBe(known.body);
      await t.app.jobs.deliverDue();
      const sent = inbox.slice(mailsBefore);
      expect(sent.map((m) => m.to)).toEqual([[p.email]]);
      expect(header(sent[0]!.raw, 'Subject')).toMatch(/^Your email preferences at /);
      const fresh = /[?&]listsToken=([^&\s]+)/.exec(mailText(sent[0]!.raw))?.[1];
      expect(fresh, mailText(sent[0]!.raw)).toBeDefined();
      const mine = await t.request({ method: 'GET', url: `/api/v1/public/email-lists/subscriptions/mine?token=${fresh!}`, remoteAddress: ip() });
      expect(mine.statusCode, mine.body).toBe(200);
      // Bad input is refused with the one error shape, nothing queued.
      for (const payload of [{ Email: 'not an email' }, { Email: 'x'.repeat(400) + '@example.com' }, { Email: p.email, Token: 'extra' }, {}]) {
        const bad = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/link', remoteAddress: ip(), payload });
        expect(bad.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
        expect(bad.json().ErrorCode).toEqual(expect.any(String));
      }
      await t.app.jobs.deliverDue();
      expect(inbox.length).toBe(mailsBefore + 1);
    } finally {
      t.clock.set(new Date('2026-05-01T09:00:00Z'));
    }
  });

  it('the public person read answers only with that person\'s token; a forged or expired token is refused', async () => {
    const p = await signUpOptedIn();
    const { token } = await mailedToken(p.uid, p.email);
    const ok = await t.request({ method: 'GET', url: `/api/v1/public/crm/people/${p.uid}?token=${encodeURIComponent(token)}`, remoteAddress: ip() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ Uid: p.uid, Email: p.email });
    const other = await signUpOptedIn();
    const cross = await t.request({ method: 'GET', url: `/api/v1/public/crm/people/${other.uid}?token=${encodeURIComponent(token)}`, remoteAddress: ip() });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().ErrorCode).toBe('Errors.EmailListLinkInvalid');
    const bare = await t.request({ method: 'GET', url: `/api/v1/public/crm/people/${p.uid}`, remoteAddress: ip() });
    expect(bare.statusCode).toBe(400);
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const before = await counts(t);
    expect((await save(forged, [])).json().ErrorCode).toBe('Errors.EmailListLinkInvalid');
    expect(await counts(t)).toEqual(before);
    t.clock.set(new Date(t.clock.now().getTime() + 91 * 86_400_000));
    expect((await save(token, [])).statusCode).toBe(404);
    t.clock.set(new Date('2026-05-01T09:00:00Z'));
  });

  it('saves the lists: leaving one logs opt_out (source preferences); the subscriptions read shows core\'s isSubscribed', async () => {
    const p = await signUpOptedIn();
    const { token } = await mailedToken(p.uid, p.email);
    const res = await save(token, []);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ConfirmationNeeded).toEqual([]);
    expect(await statusOf(t, p.uid, 'list-newsletter')).toBe('Unsubscribed');
    const mine = await t.request({ method: 'GET', url: `/api/v1/public/email-lists/subscriptions/mine?token=${encodeURIComponent(token)}`, remoteAddress: ip() });
    expect(mine.json().items.find((s: { EmailList: { Uid: string } }) => s.EmailList.Uid === 'list-newsletter')).toMatchObject({ Status: 'Unsubscribed', EmailListSubscriberStatus: 2, IsSubscribed: false });
    expect((await consentsOf(t, p.uid)).filter((c) => c.list_uid === 'list-newsletter').map((c) => `${c.action}/${c.source}`)).toEqual(['opt_in/signup', 'opt_out/preferences']);
    // Saving the same again changes and logs nothing.
    const logged = (await consentsOf(t, p.uid)).length;
    await save(token, []);
    expect((await consentsOf(t, p.uid)).length).toBe(logged);
    const unknown = await save(token, ['no-such-list']);
    expect(unknown.statusCode).toBe(404);
  });

  it('a link opened while another person is signed in changes the person the link names, not the signed-in one', async () => {
    const linkPerson = await signUpOptedIn();
    const { token } = await mailedToken(linkPerson.uid, linkPerson.email);
    const signedIn = await signedInCustomer(t);
    await t.admin({ method: 'POST', url: '/api/v1/admin/email-lists/list-newsletter/subscribers', payload: { PersonUid: signedIn.primary.uid } });
    const res = await save(token, [], bearer(signedIn.primary.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, linkPerson.uid, 'list-newsletter')).toBe('Unsubscribed');
    expect(await statusOf(t, signedIn.primary.uid, 'list-newsletter')).toBe('Subscribed');
  });

  it('a signed-in member gets their own preferences token from the profile', async () => {
    const c = await signedInCustomer(t);
    const link = await t.request({ method: 'POST', url: '/api/v1/profile/email-lists/link', headers: bearer(c.primary.token) });
    expect(link.statusCode, link.body).toBe(200);
    const person = await t.request({ method: 'GET', url: `/api/v1/public/crm/people/${c.primary.uid}?token=${encodeURIComponent(link.json().Token)}`, remoteAddress: ip() });
    expect(person.json().Email).toBe(c.primary.email);
    expect((await t.request({ method: 'POST', url: '/api/v1/profile/email-lists/link' })).statusCode).toBe(401);
  });
});

describe('double opt-in', () => {
  it('joining mails a confirmation over SMTP; GETs change nothing; the page\'s POST confirms once; a replay is 410', async () => {
    const p = await signUpOptedIn();
    const { token } = await mailedToken(p.uid, p.email);
    inbox.length = 0;
    const res = await save(token, ['list-newsletter', 'list-webinars']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ConfirmationNeeded).toEqual(['list-webinars']);
    expect(await statusOf(t, p.uid, 'list-webinars')).toBe('Subscribed');
    const subs = res.json().Subscriptions as { EmailList: { Uid: string }; IsSubscribed: boolean }[];
    expect(subs.find((s) => s.EmailList.Uid === 'list-webinars')!.IsSubscribed).toBe(false); // waiting: not counted yet
    await t.app.jobs.deliverDue();
    const mail = inbox.findLast((m) => m.to.includes(p.email) && /Confirm your subscription/.test(m.raw))!;
    const link = confirmationLinkOf(mail)!;
    expect(link.searchParams.get('portico_lists')).toBe('confirm');
    const confirmToken = link.searchParams.get('listConfirmToken')!;
    // What a scanner can do with GET: read the list, read the subscriptions: nothing changes.
    for (const url of [`/api/v1/public/email-lists/list-webinars`, `/api/v1/public/email-lists/confirm?Token=${confirmToken}`]) {
      await t.request({ method: 'GET', url, remoteAddress: ip() });
    }
    expect(await statusOf(t, p.uid, 'list-webinars')).toBe('Subscribed');
    const confirmed = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/confirm', remoteAddress: ip(), payload: { Token: confirmToken } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ Status: 'Confirmed', EmailList: { Uid: 'list-webinars', Name: 'Webinar invitations' } });
    expect(await statusOf(t, p.uid, 'list-webinars')).toBe('Confirmed');
    const before = await counts(t);
    const replay = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/confirm', remoteAddress: ip(), payload: { Token: confirmToken } });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().ErrorCode).toBe('Errors.EmailListConfirmationUsed');
    expect(await counts(t)).toEqual(before);
    expect((await consentsOf(t, p.uid)).filter((c) => c.list_uid === 'list-webinars').map((c) => c.action)).toContain('confirm');
  });
});

describe('unsubscribe', () => {
  it('one-click: a plain form POST with no cookie unsubscribes (source one_click); a wrong body or forged token changes nothing', async () => {
    const p = await signUpOptedIn();
    const { url } = oneClickOf((await mailedToken(p.uid, p.email)).mail)!;
    const path = url.pathname + url.search;
    const before = await counts(t);
    const wrong = await t.request({ method: 'POST', url: path, remoteAddress: ip(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=Please' });
    expect(wrong.statusCode).toBe(400);
    const forged = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/one-click?token=abc.123.' + 'A'.repeat(43), remoteAddress: ip(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(404);
    expect(await counts(t)).toEqual(before);
    const res = await t.request({ method: 'POST', url: path, remoteAddress: ip(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Unsubscribed).toEqual(expect.arrayContaining(['list-newsletter']));
    expect(await statusOf(t, p.uid, 'list-newsletter')).toBe('Unsubscribed');
    expect((await consentsOf(t, p.uid)).at(-1)).toMatchObject({ action: 'opt_out', source: 'one_click' });
  });

  it('with a reason: other needs text; the reason is kept on the row and in the log', async () => {
    const p = await signUpOptedIn();
    const { token } = await mailedToken(p.uid, p.email);
    const before = await counts(t);
    const noText = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/unsubscribe', remoteAddress: ip(), payload: { Token: token, EmailListUid: 'list-newsletter', Reason: 'other', ReasonOther: '  ' } });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().FieldErrors[0].Field).toBe('ReasonOther');
    const badReason = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/unsubscribe', remoteAddress: ip(), payload: { Token: token, Reason: '__proto__' } });
    expect(badReason.statusCode).toBe(400);
    expect(await counts(t)).toEqual(before);
    const res = await t.request({ method: 'POST', url: '/api/v1/public/email-lists/unsubscribe', remoteAddress: ip(), payload: { Token: token, EmailListUid: 'list-newsletter', Reason: 'other', ReasonOther: 'Too many mails' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Unsubscribed).toEqual(['list-newsletter']);
    const [row] = await rows<{ unsubscribe_reason: string; unsubscribe_reason_other: string }>(t, sql`select unsubscribe_reason, unsubscribe_reason_other from email_list_subscriptions where person_uid = ${p.uid} and list_uid = 'list-newsletter'`);
    expect(row).toEqual({ unsubscribe_reason: 'other', unsubscribe_reason_other: 'Too many mails' });
    expect((await consentsOf(t, p.uid)).at(-1)).toMatchObject({ action: 'opt_out', source: 'unsubscribe' });
  });

  it('a flood from one address is 429 with Retry-After, and stores nothing', async () => {
    const from = '192.0.2.77';
    let last = await t.request({ method: 'GET', url: '/api/v1/public/email-lists/subscriptions/mine?token=x', remoteAddress: from });
    for (let i = 0; i < 70 && last.statusCode !== 429; i++) last = await t.request({ method: 'GET', url: '/api/v1/public/email-lists/subscriptions/mine?token=x', remoteAddress: from });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('admin API', () => {
  it('creates a list whose script description is served sanitized, pages its subscribers with their URLs, exports the consent log, archives', async () => {
    const created = await t.admin({ method: 'POST', url: '/api/v1/admin/email-lists', payload: { Uid: 'list-evil', Name: 'Evil', Description: '<b>Hi</b><script>alert(1)</script><img src=x onerror="alert(1)">' } });
    expect(created.statusCode, created.body).toBe(201);
    const dup = await t.admin({ method: 'POST', url: '/api/v1/admin/email-lists', payload: { Uid: 'list-evil', Name: 'Again' } });
    expect(dup.statusCode).toBe(409);
    const pub = await t.request({ method: 'GET', url: '/api/v1/public/email-lists/list-evil' });
    expect(pub.json().Description).toContain('<b>Hi</b>');
    expect(pub.json().Description).not.toMatch(/script|onerror/i);
    const p = await signUpOptedIn();
    expect((await t.admin({ method: 'POST', url: '/api/v1/admin/email-lists/list-evil/subscribers', payload: { PersonUid: p.uid } })).json()).toEqual({ Status: 'Subscribed', ConfirmationNeeded: false });
    const page = await t.admin({ method: 'GET', url: '/api/v1/admin/email-lists/list-evil/subscribers?limit=10&offset=0' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().metadata).toEqual({ limit: 10, offset: 0, total: 1 });
    const sub = page.json().items[0];
    expect(sub).toMatchObject({ Person: { Uid: p.uid, Email: p.email }, Status: 'Subscribed', IsSubscribed: true });
    expect(sub.PreferencesUrl).toMatch(/portico_lists=manage&listsToken=/);
    // The footer's 'Unsubscribe' link: the page with the reasons, for this list.
    expect(sub.UnsubscribeUrl).toMatch(/portico_lists=unsubscribe&listsToken=[^&]+&listUid=list-evil$/);
    // The exported one-click URL works as a provider would use it.
    const url = new URL(sub.OneClickUnsubscribeUrl);
    const click = await t.request({ method: 'POST', url: url.pathname + url.search, remoteAddress: ip(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(click.json().Unsubscribed).toEqual(['list-evil']);
    const log = await t.admin({ method: 'GET', url: `/api/v1/admin/people/${p.uid}/email-consents` });
    expect(log.json().items.map((c: { Action: string; Source: string }) => `${c.Action}/${c.Source}`)).toEqual(expect.arrayContaining(['opt_in/signup', 'opt_in/admin', 'opt_out/one_click']));
    const archived = await t.admin({ method: 'DELETE', url: '/api/v1/admin/email-lists/list-evil' });
    expect(archived.json().Archived).not.toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/v1/public/email-lists/list-evil' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/public/email-lists' })).json().items.map((l: { Uid: string }) => l.Uid)).not.toContain('list-evil');
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/email-lists' })).statusCode).toBe(401);
  });
});

describe('the sign-up flag of people from before lists (migration and seed backfill)', () => {
  it('is idempotent: one subscription and one consent row however often it runs; an unsubscribed person stays unsubscribed', async () => {
    const c = await signedInCustomer(t);
    const gone = await signedInCustomer(t);
    await t.database.db.execute(sql`update people set opt_in_to_email_list = true where uid in (${c.primary.uid}, ${gone.primary.uid})`);
    await t.database.db.execute(sql`insert into email_list_subscriptions (uid, list_uid, person_uid, status) values ('gone-row', 'list-newsletter', ${gone.primary.uid}, 'Unsubscribed')`);
    const repo = emailListSubscriptionsRepository(t.database.db);
    await repo.backfillSignUpOptIns();
    await repo.backfillSignUpOptIns();
    expect(await statusOf(t, c.primary.uid, 'list-newsletter')).toBe('Subscribed');
    expect(await consentsOf(t, c.primary.uid)).toEqual([expect.objectContaining({ action: 'opt_in', source: 'signup' })]);
    expect(await statusOf(t, gone.primary.uid, 'list-newsletter')).toBe('Unsubscribed');
    expect(await consentsOf(t, gone.primary.uid)).toEqual([]);
    // The company later makes another list its sign-up list: the old tick is not carried over to it.
    await t.database.db.execute(sql`update email_lists set is_sign_up_list = (uid = 'list-webinars')`);
    try {
      expect(await repo.backfillSignUpOptIns()).toBe(0);
      expect(await statusOf(t, c.primary.uid, 'list-webinars')).toBeNull();
    } finally {
      await t.database.db.execute(sql`update email_lists set is_sign_up_list = (uid = 'list-newsletter')`);
    }
  });
});

describe('who may call what (the matrix walks /profile; these are the rest of the new routes)', () => {
  const adminCalls = [
    { method: 'GET', url: '/api/v1/admin/email-lists' },
    { method: 'POST', url: '/api/v1/admin/email-lists', payload: { Name: 'X' } },
    { method: 'PUT', url: '/api/v1/admin/email-lists/list-newsletter', payload: { Name: 'X' } },
    { method: 'DELETE', url: '/api/v1/admin/email-lists/list-newsletter' },
    { method: 'GET', url: '/api/v1/admin/email-lists/list-newsletter/subscribers' },
    { method: 'POST', url: '/api/v1/admin/email-lists/list-newsletter/subscribers', payload: { PersonUid: 'x' } },
    { method: 'GET', url: '/api/v1/admin/people/x/email-consents' },
  ] as const;
  it('the admin routes refuse anonymous callers and signed-in members alike (401), changing nothing', async () => {
    const c = await signedInCustomer(t);
    const before = await counts(t);
    for (const call of adminCalls) {
      for (const headers of [{}, bearer(c.primary.token)]) {
        const res = await t.request({ ...call, headers, remoteAddress: ip() });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
    expect(await counts(t)).toEqual(before);
  });
  it('the public token routes refuse a session without the token (400/404): a signed-in member cannot read or change anyone by uid', async () => {
    const c = await signedInCustomer(t);
    const other = await signUpOptedIn();
    const res = await t.request({ method: 'GET', url: `/api/v1/public/crm/people/${other.uid}?token=${c.primary.uid}`, headers: bearer(c.primary.token), remoteAddress: ip() });
    expect(res.statusCode).toBe(404);
    const one = await t.request({ method: 'POST', url: `/api/v1/public/email-lists/one-click?token=${other.uid}`, headers: { ...bearer(c.primary.token), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click', remoteAddress: ip() });
    expect(one.statusCode).toBe(404);
    expect(await statusOf(t, other.uid, 'list-newsletter')).toBe('Subscribed');
  });
});
