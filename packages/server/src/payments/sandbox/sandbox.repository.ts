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
/** A row as json_build_object answers it: its dates as text. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** What an off-session charge writes (sandbox.repository.ts chargeOffSession). */
export interface OffSessionCharge {
  id: string;
  clientSecret: string;
  chargeId: string;
  amount: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  captureMethod: 'manual' | 'automatic';
}

/** The intent's status and error, and the charge's status (null: no charge), a card behavior gives. */
export interface OffSessionOutcome {
  status: string;
  lastError: string | null;
  chargeStatus: string | null;
}

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
    /**
     * An off-session charge as a provider makes it, in ONE statement (one round trip, as a provider's one
     * API call; a data-modifying CTE is atomic, apart from the caller's transaction): reads the saved
     * method (of that customer), and when there is one writes the intent with the outcome `outcomes` gives
     * for its card's behavior, and the charge when that outcome has one. A process killed at any point
     * leaves either nothing (the replay charges) or the whole charge (the replay answers it). `intent` is
     * null when the method is missing or an intent with this id (the idempotency key's) exists already.
     */
    async chargeOffSession(c: OffSessionCharge, outcomes: Record<string, OffSessionOutcome>): Promise<{ method: SandboxMethodRow | null; intent: SandboxIntentRow | null }> {
      const table = JSON.stringify(Object.entries(outcomes).map(([behavior, o]) => ({ behavior, ...o })));
      const result = await db.execute(sql`
        with m as (select * from ${sandboxPaymentMethods} where id = ${c.paymentMethodId} and customer_id = ${c.customerId}),
        o as (select * from jsonb_to_recordset(${table}::jsonb) as o(behavior text, status text, "lastError" text, "chargeStatus" text)),
        ins as (
          insert into ${sandboxIntents} (id, client_secret, kind, amount, currency, customer_id, payment_method_id, status, capture_method, off_session, last_error)
          select ${c.id}, ${c.clientSecret}, 'payment', ${c.amount}::integer, ${c.currency}, ${c.customerId}, m.id, o.status, ${c.captureMethod}, true, o."lastError"
          from m join o on o.behavior = m.behavior
          on conflict (id) do nothing returning *),
        ch as (
          insert into ${sandboxCharges} (id, intent_id, amount, currency, payment_method_id, status)
          select ${c.chargeId}, ins.id, ins.amount, ins.currency, ins.payment_method_id, o."chargeStatus"
          from ins join m on true join o on o.behavior = m.behavior where o."chargeStatus" is not null returning id)
        select
          (select json_build_object('id', m.id, 'customerId', m.customer_id, 'brand', m.brand, 'last4', m.last4, 'expMonth', m.exp_month,
            'expYear', m.exp_year, 'behavior', m.behavior, 'nameOnCard', m.name_on_card, 'created', m.created) from m) as method,
          (select json_build_object('id', ins.id, 'clientSecret', ins.client_secret, 'kind', ins.kind, 'amount', ins.amount, 'currency', ins.currency,
            'customerId', ins.customer_id, 'paymentMethodId', ins.payment_method_id, 'status', ins.status, 'lastError', ins.last_error,
            'captureMethod', ins.capture_method, 'returnUrl', ins.return_url, 'offSession', ins.off_session, 'created', ins.created, 'updated', ins.updated) from ins) as intent,
          (select count(*) from ch) as charges`) as unknown as { rows: { method: Json<SandboxMethodRow> | null; intent: Json<SandboxIntentRow> | null }[] };
      const row = result.rows[0];
      const method = row?.method ? { ...row.method, created: new Date(row.method.created) } : null;
      const intent = row?.intent ? { ...row.intent, created: new Date(row.intent.created), updated: new Date(row.intent.updated) } : null;
      return { method, intent };
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
