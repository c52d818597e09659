import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { writeTestGeoDatabase } from '../testing/mmdb-file.ts';
import { bearer, signedInCustomer, TEST_PASSWORD } from '../testing/signed-in-test-helpers.ts';

/** The session list with an offline GeoIP database configured (auth.geoIpDatabase): a real .mmdb written by testing/mmdb-file.ts. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-geoip-app-'));
const base = loadCompanyConfig();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { ...base, auth: { ...base.auth, geoIpDatabase: writeTestGeoDatabase(dir) } } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signInFrom(email: string, remoteAddress: string): Promise<string> {
  const res = await t.request({
    method: 'POST', url: '/api/v1/tokens', remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    payload: new URLSearchParams({ username: email, password: TEST_PASSWORD }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

describe('session places from auth.geoIpDatabase', () => {
  it('names the city and country the database knows; null for addresses it does not', async () => {
    const c = await signedInCustomer(t);
    const lisbon = await signInFrom(c.primary.email, '198.51.100.20');
    await signInFrom(c.primary.email, '2001:db8::7');
    await signInFrom(c.primary.email, '127.0.0.1');
    const res = await t.request({ method: 'GET', url: '/api/v1/profile/sessions', headers: bearer(lisbon) });
    expect(res.statusCode, res.body).toBe(200);
    const byAddress = Object.fromEntries(res.json().items.map((s: { IpAddress: string; Location: unknown }) => [s.IpAddress, s.Location]));
    expect(byAddress['198.51.100.20']).toEqual({ City: 'Lisbon', Country: 'Portugal', CountryCode: 'PT' });
    expect(byAddress['2001:db8::7']).toEqual({ City: 'Berlin', Country: 'Germany', CountryCode: 'DE' });
    expect(byAddress['127.0.0.1']).toBeNull();
  });

  it('a configured file that cannot be read stops the app from starting, naming the key', async () => {
    const broken = { ...base, auth: { ...base.auth, geoIpDatabase: path.join(dir, 'GeoLite2-City.mmdb') } };
    await expect(createTestApp({ config: broken, database: t.database })).rejects.toThrow(/auth\.geoIpDatabase: cannot open .*GeoLite2-City\.mmdb/);
  });
});
