import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../feature-module.ts';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { guardRoutes } from '../http/route-auth.ts';
import type { CollectionDeps } from './charge-invoice.ts';
import { accountBilling, retryInvoice, voidInvoice } from './collection-admin.ts';
import {
  accountUidParams, adminBillingOut, adminInvoiceOut, adminRetryOut, invoicePaymentInput, invoicePaymentOut, invoiceUidParams,
} from './collection.schemas.ts';
import { completeInvoicePayment, invoicePayment } from './invoice-payment.ts';

const key = (headers: Record<string, unknown>) => headers['idempotency-key'] as string | undefined;

/** The invoice authentication (account owner) and the operator's billing read, retry and void (admin key). */
export async function collectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: CollectionDeps = {
    uow: ctx.uow, gateway: ctx.paymentGateway, config: ctx.config, clock: ctx.clock,
    activity: ctx.activityWebhook !== undefined, wakeOutbox: ctx.wakeOutbox,
  };
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];
    r.get('/api/v1/profile/account/invoices/:Uid/payment', {
      schema: {
        tags, summary: 'An invoice\'s payment state for \'Authenticate your payment\' (account owner): ClientSecret only while the bank waits for the customer (DunningStatus action_required). 404 for another account\'s invoice',
        params: invoiceUidParams, response: { 200: invoicePaymentOut },
      },
    }, async (req) => invoicePayment(deps, req.caller, req.params.Uid));
    r.post('/api/v1/profile/account/invoices/:Uid/payment', {
      schema: {
        tags, summary: 'Completes the bank\'s authentication of the invoice\'s pending charge (account owner): 200 Status Paid once the gateway says it succeeded (booked once); 402 Errors.PaymentAuthenticationRequired (still waiting) or Errors.CardDeclined; 404 Errors.PaymentIntentNotFound for another secret; 409 Errors.InvoiceNotOpen when paid or void',
        headers: idempotencyHeaders, params: invoiceUidParams, body: invoicePaymentInput, response: { 200: invoicePaymentOut },
      },
    }, async (req, reply) => {
      const answer = await completeInvoicePayment(deps, req.caller, req.params.Uid, req.body.PaymentClientSecret, key(req.headers));
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(answer.body);
    });
  });
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const security = [{ adminKey: [] }];
    r.get('/api/v1/admin/accounts/:Uid/billing', {
      schema: {
        tags, security, summary: 'The account\'s invoices with their dunning state (attempts, next attempt, last failure), its payments (failed attempts too), next attempt and stage',
        params: accountUidParams, response: { 200: adminBillingOut },
      },
    }, async (req) => accountBilling(deps, req.params.Uid));
    r.post('/api/v1/admin/invoices/:Uid/retry', {
      schema: {
        tags, security, summary: 'Claims a charge attempt of an Open invoice now (it counts as one of the schedule\'s attempts). 409 Errors.InvoiceNotOpen (paid or void) or Errors.InvoiceAttemptInFlight',
        headers: idempotencyHeaders, params: invoiceUidParams, response: { 202: adminRetryOut },
      },
    }, async (req, reply) => {
      const answer = await retryInvoice(deps, req.caller, req.params.Uid, key(req.headers));
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(answer.body);
    });
    r.post('/api/v1/admin/invoices/:Uid/void', {
      schema: {
        tags, security, summary: 'Voids an Open invoice: no further attempt. 409 Errors.InvoiceNotOpen when paid or void, Errors.InvoiceAttemptInFlight while an attempt runs',
        headers: idempotencyHeaders, params: invoiceUidParams, response: { 200: adminInvoiceOut },
      },
    }, async (req, reply) => {
      const answer = await voidInvoice(deps, req.caller, req.params.Uid, key(req.headers));
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(answer.body);
    });
  });
}
