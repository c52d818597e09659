import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { knownDevices, operatorKnownDevices } from '../db/schema.ts';

/** The most browsers remembered per person (or operator); signing in from one more forgets the least recently used. */
export const KNOWN_DEVICES_PER_PERSON = 20;

/** Whose browsers: people's (`known_devices`) or operators' (`operator_known_devices`); the same statements over either. */
export interface KnownDeviceTable {
  table: typeof knownDevices | typeof operatorKnownDevices;
  owner: typeof knownDevices.personUid | typeof operatorKnownDevices.operatorUid;
  ownerRow(ownerUid: string): { personUid: string } | { operatorUid: string };
}
export const PERSON_DEVICES: KnownDeviceTable = { table: knownDevices, owner: knownDevices.personUid, ownerRow: (personUid) => ({ personUid }) };
export const OPERATOR_DEVICES: KnownDeviceTable = { table: operatorKnownDevices, owner: operatorKnownDevices.operatorUid, ownerRow: (operatorUid) => ({ operatorUid }) };

/**
 * Browsers a person (or an operator) signed in from (docs/auth.md "Lockout and known browsers"). Only
 * the SHA-256 of a device token is stored, so a database dump names no usable token.
 */
export function knownDevicesRepository(db: Db, of: KnownDeviceTable = PERSON_DEVICES) {
  const t = of.table;
  return {
    /** The owner a live (unexpired) device token belongs to; null when unknown or expired. */
    async ownerOf(tokenHash: string, at: Date): Promise<string | null> {
      const [row] = await db.select({ ownerUid: of.owner }).from(t).where(and(eq(t.tokenHash, tokenHash), gt(t.expires, at)));
      return row?.ownerUid ?? null;
    },
    /** A signed-in known browser: used now, its life starts again. */
    async refresh(tokenHash: string, ownerUid: string, at: Date, expires: Date): Promise<void> {
      await db.update(t).set({ lastUsed: at, expires }).where(and(eq(t.tokenHash, tokenHash), eq(of.owner, ownerUid)));
    },
    /**
     * Remembers a new browser and, in the same statement, forgets the owner's expired ones and
     * all but the most recently used KNOWN_DEVICES_PER_PERSON - 1 others (the delete sees the rows
     * as they were before the insert).
     */
    async insert(d: { tokenHash: string; ownerUid: string; at: Date; expires: Date }): Promise<void> {
      const insert = db.insert(t).values({ tokenHash: d.tokenHash, created: d.at, lastUsed: d.at, expires: d.expires, ...of.ownerRow(d.ownerUid) });
      const kept = db.select({ tokenHash: t.tokenHash }).from(t).where(eq(of.owner, d.ownerUid))
        .orderBy(desc(t.lastUsed), t.tokenHash).offset(KNOWN_DEVICES_PER_PERSON - 1);
      const at = sql`${d.at.toISOString()}::timestamptz`;
      await db.execute(sql`with added as (${insert.getSQL()})
        delete from ${t} where ${of.owner} = ${d.ownerUid} and (${t.expires} <= ${at} or ${t.tokenHash} in (${kept.getSQL()}))`);
    },
  };
}

export type KnownDevicesRepository = ReturnType<typeof knownDevicesRepository>;

/** An operator's browsers (operator_known_devices): the same statements. */
export const operatorKnownDevicesRepository = (db: Db) => knownDevicesRepository(db, OPERATOR_DEVICES);
