import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { invoices } from '../db/schema.ts';

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
}

export interface StoredInvoice extends NewInvoice {
  invoiceNumber: number;
  amountPaid: number;
}

/** Invoices: written when something is billed (a sign-up's first invoice); payments book against them. */
export function invoicesRepository(db: Db) {
  return {
    async insert(i: NewInvoice): Promise<number> {
      const [row] = await db.insert(invoices).values(i).returning({ invoiceNumber: invoices.invoiceNumber });
      return row!.invoiceNumber;
    },
    async get(uid: string): Promise<StoredInvoice | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.uid, uid));
      if (!row) return null;
      return {
        uid: row.uid, accountUid: row.accountUid, subscriptionUid: row.subscriptionUid, invoiceDate: row.invoiceDate, currency: row.currency,
        subtotal: row.subtotal, tax: row.tax, total: row.total, status: row.status as StoredInvoice['status'], taxBehavior: row.taxBehavior,
        lines: row.lines, invoiceNumber: row.invoiceNumber, amountPaid: row.amountPaid,
      };
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
