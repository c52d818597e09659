import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { invoiceCounters, invoices } from '../db/schema.ts';

export interface NewInvoice {
  uid: string;
  accountUid: string;
  subscriptionUid: string | null;
  invoiceDate: Date;
  currency: string;
  /** Minor units. */
  subtotal: number;
  tax: number;
  total: number;
  status: 'Open' | 'Paid' | 'Void';
  taxBehavior: string | null;
  /** The charge summary's lines as billed (core's InvoiceDisplayItems, minor units). */
  lines: unknown;
  /** signup (default), plan_change, renewal */
  kind?: 'signup' | 'plan_change' | 'renewal';
  periodStart?: Date | null;
  periodEnd?: Date | null;
  paidAt?: Date | null;
}

export interface StoredInvoice extends NewInvoice {
  invoiceNumber: number;
  amountPaid: number;
}

/** Invoices: written when something is billed (a sign-up's first invoice); payments book against them. */
export function invoicesRepository(db: Db) {
  return {
    /**
     * Writes the invoice with the next number of the company's series. The counter row is updated in the
     * caller's transaction, so a rolled-back invoice gives its number back and numbers have no gaps
     * (two writers queue on the counter's row lock until the first commits or rolls back).
     */
    async insert(i: NewInvoice): Promise<number> {
      const [counter] = await db.insert(invoiceCounters).values({ series: 'invoices', lastNumber: 1 })
        .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      const invoiceNumber = counter!.lastNumber;
      await db.insert(invoices).values({ ...i, invoiceNumber });
      return invoiceNumber;
    },
    async get(uid: string): Promise<StoredInvoice | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.uid, uid));
      if (!row) return null;
      return {
        uid: row.uid, accountUid: row.accountUid, subscriptionUid: row.subscriptionUid, invoiceDate: row.invoiceDate, currency: row.currency,
        subtotal: row.subtotal, tax: row.tax, total: row.total, status: row.status as StoredInvoice['status'], taxBehavior: row.taxBehavior,
        lines: row.lines, invoiceNumber: row.invoiceNumber, amountPaid: row.amountPaid,
        kind: row.kind as NonNullable<NewInvoice['kind']>, periodStart: row.periodStart, periodEnd: row.periodEnd, paidAt: row.paidAt,
      };
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
