import { z } from 'zod';

export const AUTH_DEFAULTS = {
  accessTokenMinutes: 15,
  sessionIdleMinutes: 60 * 24,
  sessionAbsoluteDays: 30,
  keyRotationDays: 90,
  sessionRetentionDays: 30,
  tokenInQuery: false,
  rememberLastEmail: false,
  sessionCacheSeconds: 10,
} as const;

/**
 * Sign-in lifetimes (company config `auth`, docs/auth.md). A short access token limits what a
 * stolen one is worth; the session behind it is what logout and the idle/absolute limits end.
 */
export const authConfig = z.object({
  accessTokenMinutes: z.number().int().min(1).max(24 * 60).default(AUTH_DEFAULTS.accessTokenMinutes),
  sessionIdleMinutes: z.number().int().min(5).max(90 * 24 * 60).default(AUTH_DEFAULTS.sessionIdleMinutes),
  sessionAbsoluteDays: z.number().int().min(1).max(365).default(AUTH_DEFAULTS.sessionAbsoluteDays),
  keyRotationDays: z.number().int().min(1).max(3650).default(AUTH_DEFAULTS.keyRotationDays),
  /** An ended (or expired) session is deleted this many days after its end (session-cleanup.ts). */
  sessionRetentionDays: z.number().int().min(1).max(3650).default(AUTH_DEFAULTS.sessionRetentionDays),
  /**
   * After login the widget adds the access token to the post-login URL's fragment, which never
   * reaches the host's server logs or Referer headers; true puts it in the query instead.
   */
  tokenInQuery: z.boolean().default(AUTH_DEFAULTS.tokenInQuery),
  /** The login screen keeps the last email typed in the browser's localStorage. */
  rememberLastEmail: z.boolean().default(AUTH_DEFAULTS.rememberLastEmail),
  /**
   * How long a server node trusts a session row it read (session-cache.ts); an ended session is
   * refused at once all the same (its uids go round the event bus). 0 reads the row on every request.
   */
  sessionCacheSeconds: z.number().int().min(0).max(300).default(AUTH_DEFAULTS.sessionCacheSeconds),
  /**
   * A MaxMind-format (.mmdb) city or country database, e.g. GeoLite2-City.mmdb: the person's session list
   * then names the place of each address (sessions/geoip.ts). Absent: no place is shown. Read once at
   * start-up; a missing or unreadable file stops start-up naming this key. Relative to the working directory.
   */
  geoIpDatabase: z.string().min(1).max(4096).optional(),
}).strict().default(AUTH_DEFAULTS);

export type AuthConfig = z.infer<typeof authConfig>;
