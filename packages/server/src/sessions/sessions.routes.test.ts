import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer, TEST_PASSWORD } from '../testing/signed-in-test-helpers.ts';
import { auditLogRepository } from '../auth/audit-log.repository.ts';
import { sessionsRepository } from '../auth/sessions.repository.ts';

/**
 * Issue 12 item 4 (ASVS 7.5.2, 7.4.5): a person sees their live sessions and ends them; the admin
 * ends all of a person's. An ended session's tokens are refused at once although the node had
 * the session cached (auth.sessionCacheSeconds is 10 by default).
 */
const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const later = (minutes: number) => t.clock.set(new Date(t.clock.now().getTime() + minutes * 60_000));

/** Signs in from a browser (User-Agent) at an address; the token and its session uid. */
async function signInFrom(email: string, userAgent: string, remoteAddress: string) {
  const res = await t.request({
    method: 'POST', url: '/api/v1/tokens', remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ username: email, password: TEST_PASSWORD }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  return { token, sid: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string };
}

const list = (token: string, query = '') => t.request({ method: 'GET', url: `/api/v1/profile/sessions${query}`, headers: bearer(token) });
const whoAmI = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/session', headers: bearer(token) });
const endOne = (token: string, uid: string) => t.request({ method: 'DELETE', url: `/api/v1/profile/sessions/${uid}`, headers: bearer(token) });
const audit = (action: Parameters<ReturnType<typeof auditLogRepository>['recent']>[1]) => auditLogRepository(t.database.db).recent(20, action);

/** A person with two browsers signed in: a Mac (laptop) and, two minutes later, an iPhone. */
async function twoBrowsers() {
  const c = await signedInCustomer(t);
  const laptop = await signInFrom(c.primary.email, MAC_CHROME, '198.51.100.7');
  later(2);
  const phone = await signInFrom(c.primary.email, IPHONE_SAFARI, '2001:db8::42');
  return { c, laptop, phone };
}

describe('GET /profile/sessions', () => {
  it('lists the live sessions with device, browser, OS, address and IsCurrent: the current one first, then the most recently active', async () => {
    const { c, laptop, phone } = await twoBrowsers();
    later(2); // the laptop's own call moves its last activity past the phone's sign-in
    const res = await list(laptop.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const mine = body.items.filter((s: { Uid: string }) => [laptop.sid, phone.sid].includes(s.Uid));
    expect(mine).toEqual([
      {
        Uid: laptop.sid, IsCurrent: true, IpAddress: '198.51.100.7', Location: null,
        Device: { Type: 'Desktop', Vendor: 'Apple', Model: null }, Browser: { Name: 'Chrome', Version: '126.0.0.0' }, OperatingSystem: { Name: 'macOS', Version: '10.15.7' },
        Created: expect.any(String), LastSeen: expect.any(String),
      },
      {
        Uid: phone.sid, IsCurrent: false, IpAddress: '2001:db8::42', Location: null,
        Device: { Type: 'Mobile', Vendor: 'Apple', Model: 'iPhone' }, Browser: { Name: 'Safari', Version: '17.5' }, OperatingSystem: { Name: 'iOS', Version: '17.5' },
        Created: expect.any(String), LastSeen: expect.any(String),
      },
    ]);
    // The session signInCustomer made (no User-Agent) is live too: three in all, the oldest activity last.
    expect(body.metadata).toEqual({ limit: 50, offset: 0, total: 3 });
    expect(body.items.map((s: { Uid: string }) => s.Uid).slice(0, 2)).toEqual([laptop.sid, phone.sid]);
    expect(body.items[2].Device.Type).toBe('Unknown');
    expect(Date.parse(body.items[0].LastSeen)).toBeGreaterThan(Date.parse(body.items[1].LastSeen));
    // The phone sees the same sessions, itself current and first although the laptop was active since.
    const fromPhone = (await list(phone.token)).json();
    expect(fromPhone.items[0].Uid).toBe(phone.sid);
    expect(fromPhone.items.filter((s: { IsCurrent: boolean }) => s.IsCurrent).map((s: { Uid: string }) => s.Uid)).toEqual([phone.sid]);
    // Only the caller's own: another person's list names none of these.
    const other = await signedInCustomer(t);
    const theirs = (await list(other.primary.token)).json();
    expect(theirs.items.map((s: { Uid: string }) => s.Uid)).not.toContain(laptop.sid);
    expect(theirs.metadata.total).toBe(1);
    expect(c.primary.uid).not.toBe(other.primary.uid);
  });

  it('leaves out ended sessions and those past their idle deadline; pages with limit and offset', async () => {
    const { laptop, phone } = await twoBrowsers();
    await sessionsRepository(t.database.db).touch(phone.sid, t.clock.now(), new Date(t.clock.now().getTime() + 60_000));
    later(2); // the phone's idle deadline has passed (not yet marked ended)
    const res = (await list(laptop.token)).json();
    expect(res.items.map((s: { Uid: string }) => s.Uid)).not.toContain(phone.sid);
    expect(res.metadata.total).toBe(2);
    const paged = (await list(laptop.token, '?limit=1&offset=1')).json();
    expect(paged.metadata).toEqual({ limit: 1, offset: 1, total: 2 });
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0].Uid).not.toBe(laptop.sid);
    expect((await list(laptop.token, '?limit=101')).statusCode).toBe(400);
    expect((await list(laptop.token, '?limit=0')).statusCode).toBe(400);
  });

  it('needs an access token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/profile/sessions' })).statusCode).toBe(401);
    expect((await t.admin({ method: 'GET', url: '/api/v1/profile/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /profile/sessions/{Uid}', () => {
  it('ends the other browser: its next call is refused at once although this node had its session cached', async () => {
    const { c, laptop, phone } = await twoBrowsers();
    expect((await whoAmI(phone.token)).statusCode).toBe(200);
    expect((await whoAmI(phone.token)).statusCode).toBe(200); // now answered from the session cache
    const res = await endOne(laptop.token, phone.sid);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const refused = await whoAmI(phone.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().ErrorCode).toBe('Errors.Unauthorized');
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(phone.token) })).statusCode).toBe(401);
    expect((await whoAmI(laptop.token)).statusCode).toBe(200);
    expect((await list(laptop.token)).json().items.map((s: { Uid: string }) => s.Uid)).not.toContain(phone.sid);
    const row = await sessionsRepository(t.database.db).get(phone.sid);
    expect(row?.endReason).toBe('person.ended');
    const [entry] = await audit('session.end');
    expect(entry).toMatchObject({ actor: c.primary.uid, target: phone.sid, action: 'session.end' });
    // A second DELETE: the session is no longer live, the same 404 as an unknown uid.
    expect((await endOne(laptop.token, phone.sid)).statusCode).toBe(404);
  });

  it('another person\'s session answers exactly like an unknown uid, and nothing is ended', async () => {
    const { laptop } = await twoBrowsers();
    const stranger = await twoBrowsers();
    const theirs = await endOne(laptop.token, stranger.phone.sid);
    const unknown = await endOne(laptop.token, 'no-such-session');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toMatchObject({ Status: 404, ErrorCode: 'Errors.NotFound' });
    expect((await whoAmI(stranger.phone.token)).statusCode).toBe(200);
    expect((await sessionsRepository(t.database.db).get(stranger.phone.sid))?.ended).toBeNull();
    expect((await endOne(laptop.token, 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('ending the current session is a logout', async () => {
    const { c, laptop, phone } = await twoBrowsers();
    expect((await endOne(laptop.token, laptop.sid)).statusCode).toBe(204);
    expect((await whoAmI(laptop.token)).statusCode).toBe(401);
    expect((await whoAmI(phone.token)).statusCode).toBe(200);
    expect((await sessionsRepository(t.database.db).get(laptop.sid))?.endReason).toBe('logout');
    const [entry] = await audit('logout');
    expect(entry).toMatchObject({ actor: c.primary.uid, target: laptop.sid, detail: { via: 'session-list' } });
  });
});

describe('DELETE /profile/sessions (all but this one)', () => {
  it('ends every other session and keeps the current one', async () => {
    const { c, laptop, phone } = await twoBrowsers();
    const third = await signInFrom(c.primary.email, WINDOWS_FIREFOX, '192.0.2.99');
    await whoAmI(phone.token);
    const res = await t.request({ method: 'DELETE', url: '/api/v1/profile/sessions', headers: bearer(laptop.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Ended: 3 }); // the phone, the Windows browser and signedInCustomer's own session
    for (const other of [phone, third, { token: c.primary.token }]) expect((await whoAmI(other.token)).statusCode).toBe(401);
    expect((await whoAmI(laptop.token)).statusCode).toBe(200);
    const left = (await list(laptop.token)).json();
    expect(left.items.map((s: { Uid: string; IsCurrent: boolean }) => [s.Uid, s.IsCurrent])).toEqual([[laptop.sid, true]]);
    const [entry] = await audit('session.end-others');
    expect(entry).toMatchObject({ actor: c.primary.uid, target: laptop.sid, detail: { ended: 3 } });
    expect((await t.request({ method: 'DELETE', url: '/api/v1/profile/sessions', headers: bearer(laptop.token) })).json()).toEqual({ Ended: 0 });
  });
});

describe('DELETE /admin/people/{uid}/sessions', () => {
  it('ends every session of the person: every token is refused; audited; other people untouched', async () => {
    const { c, laptop, phone } = await twoBrowsers();
    const bystander = await signedInCustomer(t);
    await whoAmI(laptop.token);
    const res = await t.admin({ method: 'DELETE', url: `/api/v1/admin/people/${c.primary.uid}/sessions` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Ended: 3 });
    for (const token of [laptop.token, phone.token, c.primary.token]) expect((await whoAmI(token)).statusCode).toBe(401);
    expect((await whoAmI(bystander.primary.token)).statusCode).toBe(200);
    expect((await sessionsRepository(t.database.db).get(laptop.sid))?.endReason).toBe('admin.ended');
    const [entry] = await audit('admin.sessions.end');
    expect(entry).toMatchObject({ actor: null, target: c.primary.uid, detail: { ended: 3 } });
    // The person signs in again as usual.
    expect((await signInFrom(c.primary.email, MAC_CHROME, '198.51.100.8')).token).toBeTruthy();
  });

  it('404 for an unknown person; 401 without the admin key or with an access token', async () => {
    const c = await signedInCustomer(t);
    const unknown = await t.admin({ method: 'DELETE', url: '/api/v1/admin/people/nobody-at-all/sessions' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('Errors.NotFound');
    expect((await t.request({ method: 'DELETE', url: `/api/v1/admin/people/${c.primary.uid}/sessions` })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/admin/people/${c.primary.uid}/sessions`, headers: bearer(c.primary.token) })).statusCode).toBe(401);
    expect((await whoAmI(c.primary.token)).statusCode).toBe(200);
  });
});
