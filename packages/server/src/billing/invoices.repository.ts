import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
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
      return row ? toStored(row) : null;
    },
    /** The account's invoice `uid`; null for an unknown uid and for another account's invoice alike. */
    async ofAccount(accountUid: string, uid: string): Promise<StoredInvoice | null> {
      const [row] = await db.select().from(invoices).where(and(eq(invoices.uid, uid), eq(invoices.accountUid, accountUid)));
      return row ? toStored(row) : null;
    },
    /** One page of the account's invoices, newest first (InvoiceDate DESC, then number DESC so a page never overlaps the next). */
    async page(accountUid: string, page: PageRequest): Promise<Page<StoredInvoice>> {
      const result = await paginate(db, () => db.select().from(invoices).where(eq(invoices.accountUid, accountUid))
        .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber)).$dynamic(), page);
      return { items: result.items.map(toStored), total: result.total };
    },
  };
}

function toStored(row: typeof invoices.$inferSelect): StoredInvoice {
  return {
    uid: row.uid, accountUid: row.accountUid, subscriptionUid: row.subscriptionUid, invoiceDate: row.invoiceDate, currency: row.currency,
    subtotal: row.subtotal, tax: row.tax, total: row.total, status: row.status as StoredInvoice['status'], taxBehavior: row.taxBehavior,
    lines: row.lines, invoiceNumber: row.invoiceNumber, amountPaid: row.amountPaid,
    kind: row.kind as NonNullable<NewInvoice['kind']>, periodStart: row.periodStart, periodEnd: row.periodEnd, paidAt: row.paidAt,
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
