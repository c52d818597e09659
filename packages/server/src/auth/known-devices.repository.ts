import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { knownDevices } from '../db/schema.ts';

/** The most browsers remembered per person; signing in from one more forgets the least recently used. */
export const KNOWN_DEVICES_PER_PERSON = 20;

/**
 * Browsers a person signed in from (docs/auth.md "Lockout and known browsers"). Only the
 * SHA-256 of a device token is stored, so a database dump names no usable token.
 */
export function knownDevicesRepository(db: Db) {
  return {
    /** The person a live (unexpired) device token belongs to; null when unknown or expired. */
    async personOf(tokenHash: string, at: Date): Promise<string | null> {
      const [row] = await db.select({ personUid: knownDevices.personUid }).from(knownDevices)
        .where(and(eq(knownDevices.tokenHash, tokenHash), gt(knownDevices.expires, at)));
      return row?.personUid ?? null;
    },
    /** A signed-in known browser: used now, its life starts again. */
    async refresh(tokenHash: string, personUid: string, at: Date, expires: Date): Promise<void> {
      await db.update(knownDevices).set({ lastUsed: at, expires })
        .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.personUid, personUid)));
    },
    /**
     * Remembers a new browser and, in the same statement, forgets the person's expired ones and
     * all but the most recently used KNOWN_DEVICES_PER_PERSON - 1 others (the delete sees the rows
     * as they were before the insert).
     */
    async insert(d: { tokenHash: string; personUid: string; at: Date; expires: Date }): Promise<void> {
      const insert = db.insert(knownDevices).values({ tokenHash: d.tokenHash, personUid: d.personUid, created: d.at, lastUsed: d.at, expires: d.expires });
      const at = sql`${d.at.toISOString()}::timestamptz`;
      await db.execute(sql`with added as (${insert.getSQL()})
        delete from ${knownDevices} where ${knownDevices.personUid} = ${d.personUid} and (${knownDevices.expires} <= ${at} or ${knownDevices.tokenHash} in (
          select k.token_hash from known_devices k where k.person_uid = ${d.personUid}
          order by k.last_used desc, k.token_hash offset ${KNOWN_DEVICES_PER_PERSON - 1}))`);
    },
  };
}

export type KnownDevicesRepository = ReturnType<typeof knownDevicesRepository>;
