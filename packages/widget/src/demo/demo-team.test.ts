import { beforeEach, describe, expect, it } from 'vitest';
import { demoTransport } from './demo-transport.ts';
import { resetDemoTeam } from './demo-team.ts';

const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, extra: { body?: unknown; query?: Record<string, unknown>; pathParams?: Record<string, string> } = {}) =>
  demoTransport()({ method, path, pathParams: extra.pathParams ?? {}, query: extra.query ?? {}, body: extra.body, headers: {}, signal: new AbortController().signal });

beforeEach(() => resetDemoTeam());

describe('demo team (teamOwner persona)', () => {
  it('lists the owner first, then invoice recipients, then by name, with the seat state', async () => {
    const res = await call('get', '/api/v1/profile/account/people', { query: { limit: 25, offset: 0 } });
    const body = res.body as { items: { IsPrimary: boolean; Person: { Email: string } }[]; metadata: { total: number }; Seats: { CanInvite: boolean; Members: number; Quantity: number } };
    expect(res.status).toBe(200);
    expect(body.items[0]!.IsPrimary).toBe(true);
    expect(body.items.map((m) => m.Person.Email)).toEqual([
      'samira@brightlabs.io', 'lee.chen@brightlabs.io', 'contractor@example.net', 'ines@brightlabs.io', 'maria.okafor-villanueva@finance.brightlabs-holdings.example', 'tomas@brightlabs.io',
    ]);
    // Pending invitations hold a seat, as on the server (docs/team.md).
    expect(body.Seats).toMatchObject({ Members: 6, PendingInvitations: 2, Quantity: 8, CanInvite: true });
  });

  it('invites until the seats run out, refuses a duplicate, promotes and removes', async () => {
    expect((await call('post', '/api/v1/profile/account/people', { body: { Email: 'LEE.chen@brightlabs.io' } })).status).toBe(409);
    for (const n of [1, 2]) expect((await call('post', '/api/v1/profile/account/people', { body: { Email: `new${n}@example.com` } })).status).toBe(200);
    const full = await call('post', '/api/v1/profile/account/people', { body: { Email: 'new3@example.com' } });
    expect(full.status).toBe(409);
    expect((full.body as { ErrorCode: string }).ErrorCode).toBe('Errors.TeamSeatsExhausted');
    expect((await call('delete', '/api/v1/profile/account/people/{Uid}', { pathParams: { Uid: 'pa_sam' } })).status).toBe(400);
    expect((await call('delete', '/api/v1/profile/account/people/{Uid}', { pathParams: { Uid: 'pa_tom' } })).status).toBe(200);
    const promoted = await call('put', '/api/v1/profile/account/people/{Uid}', { pathParams: { Uid: 'pa_lee' }, body: { IsPrimary: true } });
    expect(promoted.body).toMatchObject({ LoggedOut: true, PersonAccount: { Uid: 'pa_lee', IsPrimary: true } });
    const page = (await call('get', '/api/v1/profile/account/people', { query: {} })).body as { items: { Uid: string; IsPrimary: boolean }[] };
    expect(page.items.filter((m) => m.IsPrimary).map((m) => m.Uid)).toEqual(['pa_lee']);
  });

  it('lists pending invitations apart, resends once a minute at most, revokes them and refuses both for someone who joined', async () => {
    const pending = (await call('get', '/api/v1/profile/account/people', { query: { Pending: true } })).body as { items: { Uid: string; Pending: boolean; Invited: string }[] };
    expect(pending.items.map((m) => m.Uid)).toEqual(['pa_guest', 'pa_maria']);
    expect(pending.items.every((m) => m.Pending && !Number.isNaN(Date.parse(m.Invited)))).toBe(true);
    const joined = (await call('get', '/api/v1/profile/account/people', { query: { Pending: false } })).body as { items: { Pending: boolean }[] };
    expect(joined.items).toHaveLength(4);
    const path = '/api/v1/profile/account/people/{Uid}/invitation';
    expect((await call('post', path, { pathParams: { Uid: 'pa_guest' } })).body).toMatchObject({ Sent: true, PersonAccount: { Uid: 'pa_guest' } });
    expect((await call('post', path, { pathParams: { Uid: 'pa_guest' } })).body).toMatchObject({ Sent: false });
    expect((await call('post', path, { pathParams: { Uid: 'pa_lee' } })).status).toBe(409);
    expect((await call('delete', path, { pathParams: { Uid: 'pa_lee' } })).status).toBe(409);
    expect((await call('delete', path, { pathParams: { Uid: 'pa_guest' } })).status).toBe(200);
    const after = (await call('get', '/api/v1/profile/account/people', { query: { Pending: true } })).body as { items: { Uid: string }[]; Seats: { Members: number } };
    expect(after.items.map((m) => m.Uid)).toEqual(['pa_maria']);
    expect(after.Seats.Members).toBe(5);
  });
});
