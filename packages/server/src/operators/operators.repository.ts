import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { operators } from '../db/schema.ts';
import type { Page, PageRequest } from '../http/list.ts';

export type Operator = typeof operators.$inferSelect;

/** The console's operators (issue 20): the only file that touches `operators`. */
export function operatorsRepository(db: Db) {
  return {
    /** False when the email is taken (case-insensitively): the unique index decides, so two creations at once make one. */
    async insert(o: { uid: string; email: string; name: string; role: Operator['role']; passwordHash: string | null; created: Date }): Promise<boolean> {
      const rows = await db.insert(operators).values(o).onConflictDoNothing().returning({ uid: operators.uid });
      return rows.length > 0;
    },
    async byEmail(email: string): Promise<Operator | null> {
      const [row] = await db.select().from(operators).where(sql`lower(${operators.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    async byUid(uid: string): Promise<Operator | null> {
      const [row] = await db.select().from(operators).where(eq(operators.uid, uid));
      return row ?? null;
    },
    async list(page: PageRequest): Promise<Page<Operator>> {
      const q = db.select().from(operators).orderBy(asc(operators.created), asc(operators.uid)).offset(page.offset);
      const items = page.limit === -1 ? await q : await q.limit(page.limit);
      const [total] = await db.select({ n: count() }).from(operators);
      return { items, total: total?.n ?? 0 };
    },
    async update(uid: string, change: { role?: Operator['role'] | undefined; disabled?: boolean | undefined }): Promise<Operator | null> {
      const set = { ...(change.role ? { role: change.role } : {}), ...(change.disabled !== undefined ? { disabled: change.disabled } : {}) };
      if (Object.keys(set).length === 0) return this.byUid(uid);
      const [row] = await db.update(operators).set(set).where(eq(operators.uid, uid)).returning();
      return row ?? null;
    },
    /** The operator's new password (argon2id hash), from an invitation's or a reset's link. */
    async setPasswordHash(uid: string, passwordHash: string): Promise<void> {
      await db.update(operators).set({ passwordHash }).where(eq(operators.uid, uid));
    },
    /** Presence: the operator's deadline (null: offline now). */
    async setOnlineUntil(uid: string, until: Date | null): Promise<void> {
      await db.update(operators).set({ onlineUntil: until }).where(eq(operators.uid, uid));
    },
    /** Whether any enabled operator's presence deadline is after `now`. */
    async anyOnline(now: Date): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(operators).where(and(eq(operators.disabled, false), gt(operators.onlineUntil, now)));
      return (row?.n ?? 0) > 0;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof operatorsRepository>;
