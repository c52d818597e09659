import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/http.ts';
import { ApiProblem } from '../api/api-problem.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { demoTransport } from './demo-transport.ts';
import { resetDemoProfiles } from './demo-profile.ts';

const now = new Date('2024-04-01T12:00:00Z');
const as = (persona: DemoPersonaName) => createApiClient({ transport: demoTransport(() => now, () => persona) });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);

beforeEach(() => resetDemoProfiles());

describe('demo answers of the profile area (per persona, no server)', () => {
  it('a signed-out visitor gets 401; a persona its profile, accounts and account', async () => {
    expect(await failure(as('visitor').request('get', '/api/v1/profile'))).toMatchObject({ status: 401 });
    const sam = as('teamOwner');
    expect(await sam.request('get', '/api/v1/profile')).toMatchObject({ Email: 'samira@brightlabs.io', OAuthGoogleProfileId: null });
    expect((await sam.request('get', '/api/v1/profile/accounts')).items[0]).toMatchObject({ Name: 'Bright Labs', IsPrimary: true });
    expect(await sam.request('get', '/api/v1/profile/account')).toMatchObject({ AccountRegistrationMode: 'Team', TaxId: '94-1234567' });
    expect(await as('freeMember').request('get', '/api/v1/profile/account')).toMatchObject({ AccountRegistrationMode: 'Individual' });
  });

  it('saves stay for the page; a Google-linked persona cannot change the email', async () => {
    const sam = as('teamOwner');
    await sam.request('put', '/api/v1/profile', { body: { FirstName: 'Sam' } });
    expect((await sam.request('get', '/api/v1/profile')).FirstName).toBe('Sam');
    const saved = await sam.request('put', '/api/v1/profile/account', { body: { Name: 'Bright Labs Inc', TaxIds: [] } });
    expect(saved).toMatchObject({ Name: 'Bright Labs Inc', TaxId: null });
    const refused = await failure(as('freeMember').request('put', '/api/v1/profile', { body: { Email: 'other@example.com' } }));
    expect(refused).toBeInstanceOf(ApiProblem);
    expect((refused as ApiProblem).fieldErrors[0]!.Field).toBe('Person.Email');
  });
});
