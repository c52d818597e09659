import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sandboxCharges, sandboxIntents, sandboxPaymentMethods } from '../../db/schema.ts';

export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
type IntentPatch = Partial<Pick<SandboxIntentRow, 'status' | 'lastError' | 'paymentMethodId' | 'returnUrl'>>;

/**
 * The sandbox gateway's own records (its "provider side"); nothing of Portico's reads these. Like a
 * provider's, they are written apart from Portico's work: `db` is the root handle (the gateway is
 * built once at start-up over `database.db`, never over a transaction), so every write commits on
 * its own, and a rollback or a crash of the work that called the gateway does not undo what the
 * provider did (an authorization, a capture). On embedded PGlite's single connection such a write
 * waits for an open transaction instead of joining it, which is why the payment steps call the
 * gateway only outside the work's transaction (consume-signup-payment.ts).
 */
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
    /** Inserts an intent unless one with its id exists (an off-session charge's id comes from its idempotency key); null when it did. */
    async insertIntentOnce(row: typeof sandboxIntents.$inferInsert): Promise<SandboxIntentRow | null> {
      const [inserted] = await db.insert(sandboxIntents).values(row).onConflictDoNothing({ target: sandboxIntents.id }).returning();
      return inserted ?? null;
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
    /**
     * Moves an intent on (compare and set, as updateIntent) together with its charges, in one
     * transaction of the sandbox's own: a capture or a cancel is recorded whole, and once this returns
     * it stays recorded whatever happens to the caller next.
     */
    async settleIntent(id: string, from: readonly string[], status: 'succeeded' | 'canceled'): Promise<SandboxIntentRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(sandboxIntents).set({ status, updated: new Date() })
          .where(and(eq(sandboxIntents.id, id), inArray(sandboxIntents.status, [...from])))
          .returning();
        if (!row) return null;
        await tx.update(sandboxCharges).set({ status }).where(and(eq(sandboxCharges.intentId, id), eq(sandboxCharges.status, 'authorized')));
        return row;
      });
    },
    async charges(intentId: string): Promise<SandboxChargeRow[]> {
      return db.select().from(sandboxCharges).where(eq(sandboxCharges.intentId, intentId));
    },
  };
}

export type SandboxRepository = ReturnType<typeof sandboxRepository>;
