import { z } from 'zod';

export { invoiceUidParams } from '../invoices/invoices.schemas.ts';

export const accountUidParams = z.object({ Uid: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an account uid') });

const statusOf = z.enum(['Open', 'Paid', 'Void']);

/** The invoice authentication screen's answer (docs/billing.md "Collection and dunning"). Amount in major units. */
export const invoicePaymentOut = z.object({
  InvoiceUid: z.string(), InvoiceNumber: z.number().int(), Amount: z.number(), Currency: z.string(), Status: statusOf,
  DunningStatus: z.string().nullable(),
  ClientSecret: z.string().nullable().describe('The intent the bank asks the customer to authenticate; only while DunningStatus is action_required'),
});
export type InvoicePaymentOut = z.infer<typeof invoicePaymentOut>;

export const invoicePaymentInput = z.object({ PaymentClientSecret: z.string().min(1).max(500) }).strict();

const iso = z.string().nullable();

export const adminInvoiceOut = z.object({
  Uid: z.string(), InvoiceNumber: z.number().int(), Kind: z.string(), Status: statusOf, InvoiceDate: z.string(),
  PeriodStart: iso, PeriodEnd: iso, Total: z.number(), AmountPaid: z.number(), Currency: z.string(), PaidAt: iso, VoidedAt: iso,
  AttemptCount: z.number().int(), AttemptInFlight: z.number().int().nullable(), NextAttemptAt: iso,
  DunningStatus: z.string().nullable(), LastFailureMessage: z.string().nullable(), LastFailureCode: z.string().nullable(),
});
export type AdminInvoiceOut = z.infer<typeof adminInvoiceOut>;

export const adminBillingOut = z.object({
  AccountUid: z.string(), AccountStage: z.string().nullable(),
  NextAttemptAt: iso.describe('The earliest next attempt of the account\'s Open invoices; null when none is scheduled'),
  Invoices: z.array(adminInvoiceOut),
  Payments: z.array(z.object({
    Uid: z.string(), InvoiceUid: z.string().nullable(), Amount: z.number(), Currency: z.string(), Status: z.string(),
    FailureMessage: z.string().nullable(), GatewayReference: z.string(), Created: z.string(),
  })),
});

export const adminRetryOut = z.object({ Invoice: adminInvoiceOut, Attempt: z.number().int() });
