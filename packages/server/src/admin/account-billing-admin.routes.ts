import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toMajor } from '@portico/core';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { notFound } from '../http/app-error.ts';
import type { Db } from '../db/database.ts';
import { accountBillingRepository, type AdminInvoiceRow, type AdminPaymentRow } from './account-billing.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const invoiceOut = z.object({
  Uid: z.string(), InvoiceNumber: z.number().int(), Kind: z.string(), Status: z.string(),
  InvoiceDate: z.string(), PeriodStart: z.string().nullable(), PeriodEnd: z.string().nullable(),
  Total: z.number(), AmountPaid: z.number(), Currency: z.string(),
  AttemptCount: z.number().int(), AttemptInFlight: z.number().int().nullable(), NextAttemptAt: z.string().nullable(),
  DunningStatus: z.string().nullable(), LastFailureMessage: z.string().nullable(), LastFailureCode: z.string().nullable(),
  PendingIntentId: z.string().nullable(), VoidedAt: z.string().nullable(),
});
const paymentOut = z.object({
  Uid: z.string(), InvoiceUid: z.string().nullable(), Gateway: z.string(), GatewayReference: z.string(),
  Amount: z.number(), Currency: z.string(), Status: z.string(), FailureMessage: z.string().nullable(), Created: z.string(),
});

const invoiceToWire = (i: AdminInvoiceRow): z.infer<typeof invoiceOut> => ({
  Uid: i.uid, InvoiceNumber: i.invoiceNumber, Kind: i.kind, Status: i.status, InvoiceDate: i.invoiceDate.toISOString(),
  PeriodStart: iso(i.periodStart), PeriodEnd: iso(i.periodEnd),
  Total: toMajor(i.total, i.currency), AmountPaid: toMajor(i.amountPaid, i.currency), Currency: i.currency,
  AttemptCount: i.attemptCount, AttemptInFlight: i.attemptInFlight, NextAttemptAt: iso(i.nextAttemptAt),
  DunningStatus: i.dunningStatus, LastFailureMessage: i.lastFailureMessage, LastFailureCode: i.lastFailureCode,
  PendingIntentId: i.pendingIntentId, VoidedAt: iso(i.voidedAt),
});
const paymentToWire = (p: AdminPaymentRow): z.infer<typeof paymentOut> => ({
  Uid: p.uid, InvoiceUid: p.invoiceUid, Gateway: p.gateway, GatewayReference: p.gatewayReference,
  Amount: toMajor(p.amount, p.currency), Currency: p.currency, Status: p.status, FailureMessage: p.failureMessage, Created: p.created.toISOString(),
});

/**
 * The operator's read of one account's billing (issue 17 "Operator controls", admin key): the stage, the
 * invoices with their collection state (docs/billing.md "Renewals and dunning") and the payments, newest
 * first, amounts in major units as the other billing answers. Retry and void are writes of the collection work.
 */
export async function accountBillingAdminRoutes(app: FastifyInstance, deps: { db: Db }) {
  const repo = accountBillingRepository(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/admin/accounts/:uid/billing', {
    schema: {
      tags: ['admin'], security: [{ adminKey: [] }],
      summary: 'The account\'s stage, invoices (with attempts, next attempt, dunning status, last failure) and payments, newest first',
      params: z.object({ uid: uidSchema }),
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
      response: { 200: z.object({ AccountUid: z.string(), AccountStage: z.string().nullable(), Invoices: z.array(invoiceOut), Payments: z.array(paymentOut) }) },
    },
  }, async (req) => {
    const found = await repo.read(req.params.uid, req.query.limit);
    if (!found) throw notFound(`No account with Uid '${req.params.uid}'.`);
    return {
      AccountUid: found.account.uid, AccountStage: found.account.accountStage,
      Invoices: found.invoices.map(invoiceToWire), Payments: found.payments.map(paymentToWire),
    };
  });
}
