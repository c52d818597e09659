import path from 'node:path';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { ConfigError } from '../config/load-company-config.ts';

/** Where an address is, as far as the database knows (English names; the widget names countries in its own language from the code). */
export interface Place {
  City: string | null;
  Country: string | null;
  /** ISO 3166-1 alpha-2. */
  CountryCode: string | null;
}

/** Looks addresses up in an offline MaxMind-format database; `noGeoIp` when none is configured. */
export interface GeoIp {
  readonly configured: boolean;
  lookup(ip: string | null): Place | null;
}

export const noGeoIp: GeoIp = { configured: false, lookup: () => null };

/** An IPv4 address a dual-stack socket reports as IPv6 (`::ffff:203.0.113.7`) is looked up as IPv4. */
const plain = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

const name = (names: { readonly en?: string } | undefined) => names?.en ?? null;

/** A place from any MaxMind record shape (City or Country database; GeoLite2 or a commercial one); null when it names nothing. */
export function placeOf(record: CityResponse | null): Place | null {
  if (!record) return null;
  const country = record.country ?? record.registered_country;
  const place: Place = { City: name(record.city?.names), Country: name(country?.names), CountryCode: country?.iso_code ?? null };
  return place.City || place.Country || place.CountryCode ? place : null;
}

/** Lookups through a reader; a malformed address or one the database cannot hold (IPv6 in an IPv4 file) has no place. */
export function geoIpFrom(reader: Pick<Reader<CityResponse>, 'get'>): GeoIp {
  return {
    configured: true,
    lookup(ip) {
      if (!ip) return null;
      const address = plain(ip);
      if (!maxmind.validate(address)) return null;
      try {
        return placeOf(reader.get(address));
      } catch {
        return null;
      }
    },
  };
}

/**
 * Opens `auth.geoIpDatabase` once at start-up (the whole file is read into memory; lookups are
 * synchronous, with a small cache). A missing, unreadable or malformed file stops start-up with a
 * config error naming the key, so a server never runs believing it shows places it cannot.
 * A new file (geoipupdate) takes effect at the next start.
 */
export async function openGeoIp(file: string | undefined): Promise<GeoIp> {
  if (!file) return noGeoIp;
  const full = path.resolve(file);
  try {
    return geoIpFrom(await maxmind.open<CityResponse>(full, { cache: { max: 5000 } }));
  } catch (err) {
    throw new ConfigError(`Invalid company config:\n  auth.geoIpDatabase: cannot open ${full} as a MaxMind database (${(err as Error).message})`);
  }
}
