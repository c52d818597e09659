import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/load-company-config.ts';
import { writeTestGeoDatabase } from '../testing/mmdb-file.ts';
import { geoIpFrom, noGeoIp, openGeoIp } from './geoip.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-geoip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GeoIP lookups (auth.geoIpDatabase)', () => {
  it('names the city and country of IPv4 and IPv6 addresses from an .mmdb file', async () => {
    const geo = await openGeoIp(writeTestGeoDatabase(dir));
    expect(geo.configured).toBe(true);
    expect(geo.lookup('198.51.100.7')).toEqual({ City: 'Lisbon', Country: 'Portugal', CountryCode: 'PT' });
    expect(geo.lookup('::ffff:198.51.100.200')).toEqual({ City: 'Lisbon', Country: 'Portugal', CountryCode: 'PT' });
    expect(geo.lookup('203.0.113.9')).toEqual({ City: null, Country: 'New Zealand', CountryCode: 'NZ' });
    expect(geo.lookup('2001:db8::42')).toEqual({ City: 'Berlin', Country: 'Germany', CountryCode: 'DE' });
    // A country-less record falls back to the registered country.
    expect(geo.lookup('192.0.2.1')).toEqual({ City: null, Country: 'United States', CountryCode: 'US' });
  });

  it('has no place for addresses it does not know, private ones, garbage and no address', async () => {
    const geo = await openGeoIp(writeTestGeoDatabase(dir));
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1', '8.8.8.8', 'not-an-ip', '', null]) expect(geo.lookup(ip), String(ip)).toBeNull();
  });

  it('absent: no database, no place', async () => {
    expect(await openGeoIp(undefined)).toBe(noGeoIp);
    expect(noGeoIp.lookup('198.51.100.7')).toBeNull();
  });

  it('a missing or malformed file stops start-up with a config error naming the key', async () => {
    await expect(openGeoIp(path.join(dir, 'missing.mmdb'))).rejects.toThrow(ConfigError);
    await expect(openGeoIp(path.join(dir, 'missing.mmdb'))).rejects.toThrow(/auth\.geoIpDatabase: cannot open .*missing\.mmdb/);
    const junk = path.join(dir, 'junk.mmdb');
    writeFileSync(junk, 'not a database');
    await expect(openGeoIp(junk)).rejects.toThrow(/auth\.geoIpDatabase/);
  });

  it('a reader that throws (an IPv6 address in an IPv4-only file) gives no place', () => {
    const geo = geoIpFrom({ get: () => { throw new Error('IPv6 in IPv4 database'); } });
    expect(geo.lookup('2001:db8::1')).toBeNull();
  });
});
