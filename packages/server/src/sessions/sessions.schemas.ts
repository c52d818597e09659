import { z } from 'zod';
import { listAnswer } from '../http/list.ts';
import { DEVICE_TYPES } from './user-agent.ts';

/** The person's session list is short (each session ends within `sessionAbsoluteDays`); a page holds up to 100. */
export const SESSIONS_PAGE_DEFAULT = 50;
export const SESSIONS_PAGE_MAX = 100;

export const sessionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SESSIONS_PAGE_MAX).default(SESSIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const nameAndVersion = z.object({ Name: z.string().nullable(), Version: z.string().nullable() });

/** One live sign-in session of the caller (docs/auth.md "Sessions: seeing and ending them"). */
export const sessionOut = z.object({
  Uid: z.string(),
  /** Read from the User-Agent sent at sign-in; 'Unknown' and nulls when it said nothing recognisable. */
  Device: z.object({ Type: z.enum(DEVICE_TYPES), Vendor: z.string().nullable(), Model: z.string().nullable() }),
  Browser: nameAndVersion,
  OperatingSystem: nameAndVersion,
  /** The client address at sign-in (PORTICO_TRUST_PROXY decides which one that is behind proxies). */
  IpAddress: z.string().nullable(),
  /** Only when an offline GeoIP database is configured (auth.geoIpDatabase) and knows the address. */
  Location: z.object({ City: z.string().nullable(), Country: z.string().nullable(), CountryCode: z.string().nullable() }).nullable(),
  Created: z.iso.datetime(),
  /** The last request on the session (moved at most once a minute). */
  LastSeen: z.iso.datetime(),
  /** The session of the access token making this request. */
  IsCurrent: z.boolean(),
});
export type SessionOut = z.infer<typeof sessionOut>;

export const sessionsOut = listAnswer(sessionOut);

export const sessionParams = z.object({ Uid: z.string().min(1).max(100) });

export const endedOut = z.object({ Ended: z.number().int().min(0).describe('How many sessions were ended') });
