import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sandboxCharges, sandboxIntents, sandboxPaymentMethods } from '../../db/schema.ts';

export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
type IntentPatch = Partial<Pick<SandboxIntentRow, 'status' | 'lastError' | 'paymentMethodId' | 'returnUrl'>>;

/** The sandbox gateway's own records (its "provider side"); nothing of Portico's reads these. */
export function sandboxRepository(db: Db) {
  return {
    async insertMethod(row: typeof sandboxPaymentMethods.$inferInsert): Promise<void> {
      await db.insert(sandboxPaymentMethods).values(row);
    },
    async getMethod(id: string): Promise<SandboxMethodRow | null> {
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
      return row ?? null;
    },
    /** Attaches a token to a customer unless another customer holds it; false when it does. */
    async attachMethod(id: string, customerId: string): Promise<boolean> {
      const rows = await db.update(sandboxPaymentMethods).set({ customerId })
        .where(and(eq(sandboxPaymentMethods.id, id), or(isNull(sandboxPaymentMethods.customerId), eq(sandboxPaymentMethods.customerId, customerId))))
        .returning({ id: sandboxPaymentMethods.id });
      return rows.length === 1;
    },
    async detachMethod(id: string): Promise<void> {
      await db.update(sandboxPaymentMethods).set({ customerId: null }).where(eq(sandboxPaymentMethods.id, id));
    },
    async insertIntent(row: typeof sandboxIntents.$inferInsert): Promise<SandboxIntentRow> {
      const [inserted] = await db.insert(sandboxIntents).values(row).returning();
      return inserted!;
    },
    async getIntent(id: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      return row ?? null;
    },
    async getIntentBySecret(clientSecret: string): Promise<SandboxIntentRow | null> {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
      return row ?? null;
    },
    /**
     * Moves an intent on only from the statuses given (compare and set), so two confirms or a
     * confirm racing a cancel cannot both win; null when the intent was no longer in one of them.
     */
    async updateIntent(id: string, from: readonly string[], patch: IntentPatch): Promise<SandboxIntentRow | null> {
      const [row] = await db.update(sandboxIntents).set({ ...patch, updated: new Date() })
        .where(and(eq(sandboxIntents.id, id), inArray(sandboxIntents.status, [...from])))
        .returning();
      return row ?? null;
    },
    async insertCharge(row: typeof sandboxCharges.$inferInsert): Promise<void> {
      await db.insert(sandboxCharges).values(row);
    },
    async updateCharges(intentId: string, from: string, to: string): Promise<void> {
      await db.update(sandboxCharges).set({ status: to }).where(and(eq(sandboxCharges.intentId, intentId), eq(sandboxCharges.status, from)));
    },
    async charges(intentId: string): Promise<SandboxChargeRow[]> {
      return db.select().from(sandboxCharges).where(eq(sandboxCharges.intentId, intentId));
    },
  };
}

export type SandboxRepository = ReturnType<typeof sandboxRepository>;
