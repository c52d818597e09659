import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, invoices, payments } from '../db/schema.ts';

export type AdminInvoiceRow = typeof invoices.$inferSelect;
export type AdminPaymentRow = typeof payments.$inferSelect;

/**
 * What the operator reads about an account's money (issue 17 "Operator controls"): its stage, every
 * invoice with its collection state (attempts, next attempt, dunning status, last failure), every
 * payment. Read-only; the newest first, at most `limit` of each (an account has one invoice a period).
 */
export function accountBillingRepository(db: Db) {
  return {
    async read(accountUid: string, limit: number) {
      const [account] = await db.select({ uid: accounts.uid, accountStage: accounts.accountStage }).from(accounts).where(eq(accounts.uid, accountUid));
      if (!account) return null;
      const invoiceRows = await db.select().from(invoices).where(eq(invoices.accountUid, accountUid))
        .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber)).limit(limit);
      const paymentRows = await db.select().from(payments).where(eq(payments.accountUid, accountUid))
        .orderBy(desc(payments.created), desc(payments.uid)).limit(limit);
      return { account, invoices: invoiceRows, payments: paymentRows };
    },
  };
}
