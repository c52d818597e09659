import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { usageRecords } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';

export type StoredUsageReport = typeof usageRecords.$inferSelect;

export interface UsageReport {
  accountUid: string;
  addOnUid: string;
  quantity: number;
  usedAt: Date;
  /** The company's own id for the report: the same key counts once. */
  reportKey: string;
}

/**
 * Usage of usage-priced add-ons (issue 17): reported by the company through the admin API, billed on
 * the renewal invoice of the period it falls in (docs/billing.md "Usage add-ons at renewal").
 */
export function usageRepository(db: Db) {
  return {
    /** Stores a report once per key; returns false when the key was already used (the first report stands). */
    async record(report: UsageReport): Promise<boolean> {
      const rows = await db.insert(usageRecords).values({ uid: newUid(), ...report })
        .onConflictDoNothing({ target: [usageRecords.accountUid, usageRecords.reportKey] })
        .returning({ uid: usageRecords.uid });
      return rows.length === 1;
    },
    /** The report stored under a key (the first one: a repeat of the key stored nothing). */
    async byKey(accountUid: string, reportKey: string): Promise<StoredUsageReport | null> {
      const [row] = await db.select().from(usageRecords).where(and(eq(usageRecords.accountUid, accountUid), eq(usageRecords.reportKey, reportKey)));
      return row ?? null;
    },
    /** The reports of an account used in [from, to), oldest use first (the admin API's read). */
    async page(accountUid: string, from: Date, to: Date, page: PageRequest): Promise<Page<StoredUsageReport>> {
      return paginate(db, () => db.select().from(usageRecords)
        .where(and(eq(usageRecords.accountUid, accountUid), gte(usageRecords.usedAt, from), lt(usageRecords.usedAt, to)))
        .orderBy(asc(usageRecords.usedAt), asc(usageRecords.uid)).$dynamic(), page);
    },
    /** Units used per add-on in [from, to): what the renewal invoice of that period bills. */
    async totalsForPeriod(accountUid: string, from: Date, to: Date): Promise<Map<string, number>> {
      const rows = await db.select({ addOnUid: usageRecords.addOnUid, total: sql<string>`sum(${usageRecords.quantity})` })
        .from(usageRecords)
        .where(and(eq(usageRecords.accountUid, accountUid), gte(usageRecords.usedAt, from), lt(usageRecords.usedAt, to)))
        .groupBy(usageRecords.addOnUid);
      return new Map(rows.map((r) => [r.addOnUid, Number(r.total)]));
    },
  };
}

export type UsageRepository = ReturnType<typeof usageRepository>;
