import { z } from 'zod';
import { INVOICES_PAGE_LIMIT } from '@portico/core/billing/invoice-list';
import { listAnswer } from '../http/list.ts';

export const invoiceUidParams = z.object({ Uid: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an invoice uid') });

/** GET /profile/account/invoices: the spec's call shape (limit 3 from the widget; InvoiceDate DESC is the only order). */
export const invoicesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  orderBy: z.enum(['InvoiceDate DESC']).default('InvoiceDate DESC'),
  /** Accepted for the spec's call shape; it must be the signed-in account (another answers 404). */
  accountUid: z.string().max(64).optional(),
  fields: z.string().max(400).optional(),
}).strict();

export const invoiceOut = z.object({
  Uid: z.string(),
  InvoiceNumber: z.number().int(),
  /** ISO day. */
  InvoiceDate: z.string(),
  BillingInvoiceStatus: z.enum(['Open', 'Paid', 'Void']),
  /** The invoice's total, major units. */
  Amount: z.number(),
  Currency: z.string(),
});
export const invoicesOut = listAnswer(invoiceOut);

export const downloadOut = z.object({
  /** The PDF's address relative to this server (`/api/v1/billing/invoices/{Uid}/pdf?access_token=…`), usable for a few minutes. */
  Url: z.string(),
  ExpiresIn: z.number().int().describe('seconds'),
});

export const pdfQuery = z.object({ access_token: z.string().min(1).max(2000) }).strict();

export const nextPaymentOut = z.object({
  /** Null when nothing more is charged (no plan, a one-time plan, or a plan that ends first). */
  NextPayment: z.object({ Total: z.number(), InvoiceDate: z.string(), Currency: z.string() }).nullable(),
});
