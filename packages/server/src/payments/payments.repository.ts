import { and, asc, eq, inArray, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, invoices, paymentInformation, paymentIntents, payments } from '../db/schema.ts';

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type PaymentInformationRow = typeof paymentInformation.$inferSelect;
export type NewPaymentInformation = Omit<typeof paymentInformation.$inferInsert, 'updated'>;
/** `created` is the server clock's now (what payment recovery measures ages by), not the database's. */
export type NewPayment = typeof payments.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
/** An outbox message stored on a payment, written when the payment is booked and pays its invoice. */
export type PaidMessage = NonNullable<PaymentRow['onPaid']>[number];

export interface OpenInvoice {
  uid: string;
  currency: string;
  /** What is still owed, minor units. */
  outstanding: number;
}

/**
 * Portico's own payment records: the intents it asked gateways for, money received, and each
 * account's saved payment method. The gateways' records are theirs (the sandbox keeps its own tables).
 */
export function paymentsRepository(db: Db) {
  /** applyToInvoice for several invoices in one statement; answers the uids that are Paid now. */
  async function applyToInvoices(items: { invoiceUid: string; amountMinor: number }[], at?: Date): Promise<Set<string>> {
    if (items.length === 0) return new Set();
    // paid_at by the server clock when the caller has it (the admin clock moves it), else the database's.
    const paidAt = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
    const json = JSON.stringify(items.map((i) => ({ uid: i.invoiceUid, amount: i.amountMinor })));
    const result = await db.execute(sql`update ${invoices} i set
        amount_paid = i.amount_paid + v.amount,
        status = case when i.amount_paid + v.amount >= i.total then 'Paid' else i.status end,
        paid_at = case when i.amount_paid + v.amount >= i.total then coalesce(i.paid_at, ${paidAt}) else i.paid_at end
      from jsonb_to_recordset(${json}::jsonb) as v(uid text, amount integer) where i.uid = v.uid
      returning i.uid, i.status`) as unknown as { rows: { uid: string; status: string }[] };
    return new Set(result.rows.filter((r) => r.status === 'Paid').map((r) => r.uid));
  }
  /** The saved methods of several accounts in one read, each account's oldest first. */
  async function paymentInformationOfAccounts(accountUids: string[]): Promise<Map<string, PaymentInformationRow[]>> {
    const byAccount = new Map<string, PaymentInformationRow[]>();
    if (accountUids.length === 0) return byAccount;
    const rows = await db.select().from(paymentInformation).where(inArray(paymentInformation.accountUid, accountUids))
      .orderBy(asc(paymentInformation.updated));
    for (const r of rows) byAccount.set(r.accountUid, [...(byAccount.get(r.accountUid) ?? []), r]);
    return byAccount;
  }
  return {
    /** `created` should be the server clock's now: a sign-up intent's lifetime and payment recovery are measured by it. */
    async insertIntent(row: Omit<typeof paymentIntents.$inferInsert, 'updated'>): Promise<PaymentIntentRow> {
      const [inserted] = await db.insert(paymentIntents).values(row).returning();
      return inserted!;
    },
    async findIntent(gateway: string, gatewayIntentId: string): Promise<PaymentIntentRow | null> {
      const [row] = await db.select().from(paymentIntents)
        .where(and(eq(paymentIntents.gateway, gateway), eq(paymentIntents.gatewayIntentId, gatewayIntentId)));
      return row ?? null;
    },
    async setIntentStatus(uid: string, status: string): Promise<void> {
      await db.update(paymentIntents).set({ status, updated: new Date() }).where(eq(paymentIntents.uid, uid));
    },
    /**
     * Marks an intent used by a registration or save; false when something else consumed it first (one
     * intent pays once) or payment recovery took it to release it.
     */
    async consumeIntent(uid: string, accountUid: string, status: string, at: Date): Promise<boolean> {
      const rows = await db.update(paymentIntents).set({ consumed: at, accountUid, status, updated: at })
        .where(and(eq(paymentIntents.uid, uid), isNull(paymentIntents.consumed)))
        .returning({ uid: paymentIntents.uid });
      return rows.length === 1;
    },

    /**
     * Sign-up payment intents of this gateway that no registration took (no account, no payment row),
     * still open in our record and made before `before`, oldest first: payment recovery's candidates.
     */
    async staleSignupIntents(gateway: string, before: Date, limit: number): Promise<PaymentIntentRow[]> {
      return db.select().from(paymentIntents).where(and(
        eq(paymentIntents.gateway, gateway), eq(paymentIntents.kind, 'payment'), isNull(paymentIntents.accountUid),
        notInArray(paymentIntents.status, ['canceled', 'succeeded']), lt(paymentIntents.created, before),
        notExists(db.select({ one: sql`1` }).from(payments)
          .where(and(eq(payments.gateway, paymentIntents.gateway), eq(payments.gatewayReference, paymentIntents.gatewayIntentId)))),
      )).orderBy(asc(paymentIntents.created)).limit(limit);
    },
    /**
     * Payment recovery takes a sign-up intent to release it: marked used with no account, so a registration
     * still holding it fails its consumeIntent (and rolls back) instead of committing work whose money is
     * being released. False when a registration consumed it first (it is then that registration's).
     * A row already taken this way is taken again (a run that died before the cancel is finished by the next).
     */
    async takeForRelease(uid: string, at: Date): Promise<boolean> {
      const rows = await db.update(paymentIntents).set({ consumed: sql`coalesce(${paymentIntents.consumed}, ${at})`, updated: at })
        .where(and(eq(paymentIntents.uid, uid), isNull(paymentIntents.accountUid)))
        .returning({ uid: paymentIntents.uid });
      return rows.length === 1;
    },

    async accountExists(uid: string): Promise<boolean> {
      const [row] = await db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, uid));
      return row !== undefined;
    },

    async paymentInformationOf(accountUid: string): Promise<PaymentInformationRow[]> {
      return (await paymentInformationOfAccounts([accountUid])).get(accountUid) ?? [];
    },
    paymentInformationOfAccounts,
    async paymentInformation(uid: string): Promise<PaymentInformationRow | null> {
      const [row] = await db.select().from(paymentInformation).where(eq(paymentInformation.uid, uid));
      return row ?? null;
    },
    /** An account holds one payment method: a new one replaces the old (call inside a transaction). */
    async replacePaymentInformation(row: NewPaymentInformation, at: Date): Promise<PaymentInformationRow> {
      await db.delete(paymentInformation).where(eq(paymentInformation.accountUid, row.accountUid));
      const [inserted] = await db.insert(paymentInformation).values({ ...row, updated: at }).returning();
      return inserted!;
    },
    async deletePaymentInformation(uid: string): Promise<boolean> {
      const rows = await db.delete(paymentInformation).where(eq(paymentInformation.uid, uid)).returning({ uid: paymentInformation.uid });
      return rows.length === 1;
    },
    /** Spec 1 section 3 LatestFailureDateTime on the account's method; the number of rows marked. */
    async recordFailure(accountUid: string, at: Date): Promise<number> {
      const rows = await db.update(paymentInformation).set({ latestFailureDateTime: at })
        .where(eq(paymentInformation.accountUid, accountUid)).returning({ uid: paymentInformation.uid });
      return rows.length;
    },

    /** One payment row, or several in one insert (the renewal charges' booking). */
    async insertPayment(rows: NewPayment | NewPayment[]): Promise<void> {
      if (Array.isArray(rows) && rows.length === 0) return;
      await db.insert(payments).values(Array.isArray(rows) ? rows : [rows]);
    },
    /**
     * Moves a payment on from 'authorized' only (compare and set): of the request's settle, payment
     * recovery and a webhook, exactly one books a capture or records a refusal. Answers the row when this
     * call moved it, null when something else had.
     */
    async leaveAuthorized(gateway: string, gatewayReference: string, status: 'succeeded' | 'failed' | 'canceled', failureMessage: string | null = null): Promise<PaymentRow | null> {
      const [row] = await db.update(payments).set({ status, failureMessage })
        .where(and(eq(payments.gateway, gateway), eq(payments.gatewayReference, gatewayReference), eq(payments.status, 'authorized')))
        .returning();
      return row ?? null;
    },
    /** This gateway's payments committed work left authorized (captured by nobody yet), made before `before`, oldest first. */
    async authorizedPayments(gateway: string, before: Date, limit: number): Promise<PaymentRow[]> {
      return db.select().from(payments).where(and(eq(payments.status, 'authorized'), eq(payments.gateway, gateway), lt(payments.created, before)))
        .orderBy(asc(payments.created)).limit(limit);
    },
    async paymentByReference(gateway: string, gatewayReference: string) {
      const [row] = await db.select().from(payments).where(and(eq(payments.gateway, gateway), eq(payments.gatewayReference, gatewayReference)));
      return row ?? null;
    },

    /** Open invoices, oldest first. */
    async openInvoices(accountUid: string): Promise<OpenInvoice[]> {
      const rows = await db.select({ uid: invoices.uid, currency: invoices.currency, total: invoices.total, amountPaid: invoices.amountPaid })
        .from(invoices).where(and(eq(invoices.accountUid, accountUid), eq(invoices.status, 'Open')))
        .orderBy(asc(invoices.invoiceDate), asc(invoices.uid));
      return rows.map((r) => ({ uid: r.uid, currency: r.currency, outstanding: Math.max(0, r.total - r.amountPaid) }));
    },
    /** Books money against an invoice; Paid once nothing is owed. Answers whether the invoice is Paid now. */
    async applyToInvoice(invoiceUid: string, amountMinor: number, at?: Date): Promise<boolean> {
      return (await applyToInvoices([{ invoiceUid, amountMinor }], at)).has(invoiceUid);
    },
    applyToInvoices,
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
