import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { createApiClient } from '../api/http.ts';
import type { ApiProblem } from '../api/api-problem.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { demoTransport } from './demo-transport.ts';
import { resetDemoProfiles } from './demo-profile.ts';
import { resetDemoEmailChange } from './demo-email-change.ts';
import { resetDemoReauth } from './demo-reauth.ts';
import { resetDemoTeam } from './demo-team.ts';

let now = new Date('2024-04-01T12:00:00Z');
const as = (persona: DemoPersonaName) => createApiClient({ transport: demoTransport(() => now, () => persona) });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e as ApiProblem);

beforeEach(() => {
  now = new Date('2024-04-01T12:00:00Z');
  resetDemoProfiles();
  resetDemoEmailChange();
  resetDemoReauth(now);
  resetDemoTeam();
});

describe('demo answers of the email change and re-authentication (issue 12)', () => {
  it('PUT /profile refuses a new email; the request needs a password; the link changes it; the undo takes it back', async () => {
    const sam = as('teamOwner');
    expect((await failure(sam.request('put', '/api/v1/profile', { body: { Email: 'sam@new.example' } }))).fieldErrors[0]!.Field).toBe('Person.Email');
    expect((await failure(sam.request('post', '/api/v1/profile/email', { body: { NewEmail: 'sam@new.example', Password: '' } }))).fieldErrors[0]!.Field).toBe('Password');
    expect(await sam.request('post', '/api/v1/profile/email', { body: { NewEmail: 'sam@new.example', Password: 'x' } })).toEqual({ PendingEmail: 'sam@new.example', ExpiresInHours: 24 });
    expect((await sam.request('get', '/api/v1/profile')).Email).toBe('samira@brightlabs.io');
    expect(await sam.request('post', '/api/v1/profile/email/confirm', { body: { Token: 'demo' } })).toEqual({ Email: 'sam@new.example', OtherSessionsEnded: 0 });
    expect((await sam.request('get', '/api/v1/profile')).Email).toBe('sam@new.example');
    expect((await failure(sam.request('post', '/api/v1/profile/email/confirm', { body: { Token: 'demo' } }))).code).toBe(ErrorCode.InvalidToken);
    expect(await sam.request('post', '/api/v1/profile/email/undo', { body: { Token: 'demo' } })).toEqual({ Email: 'samira@brightlabs.io', SessionsEnded: 1 });
    expect((await failure(as('freeMember').request('post', '/api/v1/profile/email', { body: { NewEmail: 'ana@new.example', Password: 'x' } }))).status).toBe(403);
  });

  it("promote asks 'Confirm it's you' ten minutes after the page loaded, and passes after it", async () => {
    const sam = as('teamOwner');
    const members = (await sam.request('get', '/api/v1/profile/account/people', {})).items.filter((m) => !m.IsPrimary);
    const uid = members[0]!.Uid;
    now = new Date(now.getTime() + 11 * 60_000);
    const refused = await failure(sam.request('put', '/api/v1/profile/account/people/{Uid}', { path: { Uid: uid }, body: { IsPrimary: true } }));
    expect(refused).toMatchObject({ status: 403, code: ErrorCode.ReauthenticationRequired });
    await sam.request('post', '/api/v1/auth/reauthenticate', { body: { Password: 'anything' } });
    expect(await sam.request('put', '/api/v1/profile/account/people/{Uid}', { path: { Uid: uid }, body: { IsPrimary: true } })).toMatchObject({ LoggedOut: true });
  });
});
