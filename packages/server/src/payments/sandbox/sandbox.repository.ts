import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sandboxCharges, sandboxIntents, sandboxInvoices, sandboxPaymentMethods, sandboxPortalSessions, sandboxSubscriptions } from '../../db/schema.ts';

export type SandboxMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoiceRow = typeof sandboxInvoices.$inferSelect;
export type SandboxPortalSessionRow = typeof sandboxPortalSessions.$inferSelect;
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
    /**
     * An off-session charge as a provider makes it: the intent in its final state and its charge (if
     * any) in one transaction of the sandbox's own, apart from the caller's, so a process killed at any
     * point leaves either nothing (the replay charges) or the whole charge (the replay answers it).
     * Null when an intent with this id (its idempotency key) exists already: nothing is written.
     */
    /**
     * The intent and its charge in ONE statement (a data-modifying CTE is atomic: both rows or neither),
     * so an off-session charge costs the sandbox one round trip, as a provider's one API call; null when
     * an intent with that id (the idempotency key's) exists already.
     */
    async insertOffSessionCharge(intent: typeof sandboxIntents.$inferInsert, charge: typeof sandboxCharges.$inferInsert | null): Promise<SandboxIntentRow | null> {
      const inserted = db.$with('inserted').as(
        db.insert(sandboxIntents).values(intent).onConflictDoNothing({ target: sandboxIntents.id }).returning(),
      );
      if (!charge) {
        const [row] = await db.with(inserted).select().from(inserted);
        return row ?? null;
      }
      // Referenced by nothing, the charge's CTE still runs (PostgreSQL runs every data-modifying CTE), once per inserted intent.
      const charged = db.$with('charged').as(
        db.insert(sandboxCharges).select(db.select({
          id: sql<string>`${charge.id}::text`.as('id'), intentId: inserted.id, amount: sql<number>`${charge.amount}::integer`.as('amount'),
          currency: sql<string>`${charge.currency}::text`.as('currency'), paymentMethodId: sql<string>`${charge.paymentMethodId}::text`.as('payment_method_id'),
          status: sql<string>`${charge.status}::text`.as('status'), created: sql<Date>`now()`.as('created'),
        }).from(inserted)).returning({ id: sandboxCharges.id }),
      );
      const [row] = await db.with(inserted, charged).select().from(inserted);
      return row ?? null;
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

    // Provider billing (docs/payments.md "Provider billing"): subscriptions, invoices, portal sessions.
    /** A subscription and the invoices it has billed so far, in one transaction (as a dashboard makes them). */
    async insertSubscription(row: typeof sandboxSubscriptions.$inferInsert, invoices: (typeof sandboxInvoices.$inferInsert)[]): Promise<SandboxSubscriptionRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(sandboxSubscriptions).values(row).returning();
        if (invoices.length) await tx.insert(sandboxInvoices).values(invoices);
        return inserted!;
      });
    },
    async subscriptionsOf(customerId: string): Promise<SandboxSubscriptionRow[]> {
      return db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, customerId))
        .orderBy(desc(sandboxSubscriptions.startDate), desc(sandboxSubscriptions.id));
    },
    /** Sets or clears a scheduled cancellation of one of the customer's subscriptions still running; null when there is none such. */
    async setCancelAt(id: string, customerId: string, cancelAt: Date | null): Promise<SandboxSubscriptionRow | null> {
      const [row] = await db.update(sandboxSubscriptions).set({ cancelAt })
        .where(and(eq(sandboxSubscriptions.id, id), eq(sandboxSubscriptions.customerId, customerId), isNull(sandboxSubscriptions.endDate)))
        .returning();
      return row ?? null;
    },
    /** One page of the customer's invoices, newest period first (ties by id), after the invoice `startingAfter` when given. */
    async invoicesOf(customerId: string, page: { limit: number; startingAfter?: string | undefined }): Promise<SandboxInvoiceRow[]> {
      let after = undefined as ReturnType<typeof or> | undefined;
      if (page.startingAfter) {
        const [anchor] = await db.select().from(sandboxInvoices)
          .where(and(eq(sandboxInvoices.id, page.startingAfter), eq(sandboxInvoices.customerId, customerId)));
        if (!anchor) return [];
        after = or(lt(sandboxInvoices.periodStart, anchor.periodStart), and(eq(sandboxInvoices.periodStart, anchor.periodStart), lt(sandboxInvoices.id, anchor.id)));
      }
      return db.select().from(sandboxInvoices).where(and(eq(sandboxInvoices.customerId, customerId), after))
        .orderBy(desc(sandboxInvoices.periodStart), desc(sandboxInvoices.id)).limit(page.limit);
    },
    async getInvoice(id: string): Promise<SandboxInvoiceRow | null> {
      const [row] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
      return row ?? null;
    },
    async insertPortalSession(row: typeof sandboxPortalSessions.$inferInsert): Promise<void> {
      await db.insert(sandboxPortalSessions).values(row);
    },
    async getPortalSession(id: string): Promise<SandboxPortalSessionRow | null> {
      const [row] = await db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id));
      return row ?? null;
    },
    /** Whether the sandbox knows the customer: an intent was made for it (the sandbox has no customer table of its own). */
    async customerExists(customerId: string): Promise<boolean> {
      const rows = await db.select({ id: sandboxIntents.id }).from(sandboxIntents).where(eq(sandboxIntents.customerId, customerId)).limit(1);
      return rows.length > 0;
    },
    /** The cards saved on a customer. */
    async methodsOf(customerId: string): Promise<SandboxMethodRow[]> {
      return db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, customerId));
    },
  };
}

export type SandboxRepository = ReturnType<typeof sandboxRepository>;
