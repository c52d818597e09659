import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { listAnswer, listOf } from '../http/list.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { PAYMENTS_RATE_LIMITS } from './payments.rate-limits.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { cancelIntent } from './cancel-intent.ts';
import { createIntent } from './create-intent.ts';
import { intentAmount } from './intent-amount.ts';
import { deletePaymentInformation, listPaymentInformation } from './payment-information.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import {
  accountQuery, cancelIntentAnswer, cancelIntentBody, gatewayConfigurationOut, intentAmountAnswer, intentAmountQuery, intentAnswer,
  intentBody, intentQuery, paymentInformationOut, paymentInformationParams, paymentInformationQuery, savePaymentBody,
  setupFailureAnswer, setupFailureBody, setupIntentBody,
} from './payments.schemas.ts';
import { recordSetupFailure } from './record-setup-failure.ts';
import { savePaymentInformation } from './save-payment-information.ts';

const BASE = '/api/v1/billing/paymentinformation';
const ACCOUNT_NOTE = 'Public at sign-up; on an existing account (accountUid, Account, or an intent made for one) it takes the primary contact\'s access token (or the admin key).';

/**
 * Spec 1 section 7 "Payment". Sign-up calls are public and rate limited; calls on an existing
 * account take a member's access token (reads) or the primary contact's (changes), or the admin
 * key (docs/auth.md "Who may call what"). The "stripe" in some paths is the spec's; they serve every gateway.
 */
export async function paymentRoutes(app: FastifyInstance, deps: PaymentsDeps, accountGuard: Guard): Promise<void> {
  const tags = ['payments'];

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    // Sign-up routes: anonymous callers are fine; a caller who sends a credential is checked, so the
    // use case can allow account intents to the account's primary contact or the admin (account-access.ts).
    const identify = async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.headers.authorization) await accountGuard(req, reply);
    };

    r.get(`${BASE}/configuration`, {
      schema: { tags, summary: 'The gateway the widget loads: name, publishable key, card script URL (no secrets)', response: { 200: gatewayConfigurationOut } },
    }, async () => {
      const pub = deps.gateway.publicConfig();
      return {
        Gateway: pub.gateway, PublishableKey: pub.publishableKey, ScriptUrl: pub.scriptUrl, Currency: deps.config.company.currency,
        PaymentsMode: deps.config.billing.paymentsMode, TaxEnabled: deps.config.billing.taxEnabled,
      };
    });

    r.post(`${BASE}/intent`, {
      onRequest: identify, config: routeRateLimit(PAYMENTS_RATE_LIMITS.paymentIntentCreate),
      schema: {
        tags, summary: 'Get-intent: a payment intent for the amount due now (priced by the server from the draft) or a setup intent',
        description: ACCOUNT_NOTE, querystring: intentQuery, body: intentBody, headers: idempotencyHeaders, response: { 200: intentAnswer },
      },
    }, async (req) => createIntent(deps, req.caller, {
      intentType: req.query.intentType, accountUid: req.query.accountUid, body: req.body, idempotencyKey: req.headers['idempotency-key'],
    }));

    r.post(`${BASE}/stripe/cancel-intent`, {
      onRequest: identify, config: routeRateLimit(PAYMENTS_RATE_LIMITS.paymentIntentCancel),
      schema: { tags, summary: 'Cancel an intent the widget gives up (not a setup intent)', description: ACCOUNT_NOTE, body: cancelIntentBody, response: { 200: cancelIntentAnswer } },
    }, async (req) => cancelIntent(deps, req.caller, req.body.ClientSecret));

    r.post(`${BASE}/stripe/sf`, {
      onRequest: identify, config: routeRateLimit(PAYMENTS_RATE_LIMITS.paymentSetupFailure),
      schema: { tags, summary: 'Report a failed payment setup: records LatestFailureDateTime on an existing account', description: ACCOUNT_NOTE, body: setupFailureBody, response: { 200: setupFailureAnswer } },
    }, async (req) => recordSetupFailure(deps, req.caller, req.body));
  });

  await app.register(async (scope) => {
    guardRoutes(scope, 'accessTokenOrAdminKey', accountGuard);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(`${BASE}/stripe/setup-intent`, {
      config: routeRateLimit(PAYMENTS_RATE_LIMITS.paymentIntentCreate),
      schema: { tags, summary: 'A setup intent to save a new method on an existing account', querystring: accountQuery, body: setupIntentBody, response: { 200: intentAnswer } },
    }, async (req) => createIntent(deps, req.caller, { intentType: 'setup', accountUid: req.query.accountUid, body: req.body }));

    r.get(`${BASE}/stripe/intent-amount`, {
      schema: { tags, summary: 'What the account owes now (open invoices) and the oldest such invoice', querystring: intentAmountQuery, response: { 200: intentAmountAnswer } },
    }, async (req) => intentAmount(deps, req.caller, req.query.accountUid));

    r.get(BASE, {
      schema: { tags, summary: "The account's saved payment method", querystring: paymentInformationQuery, response: { 200: listAnswer(paymentInformationOut) } },
    }, async (req) => {
      const all = await listPaymentInformation(deps, req.caller, req.query.accountUid);
      const { limit, offset } = req.query;
      return listOf({ items: limit === -1 ? all.slice(offset) : all.slice(offset, offset + limit), total: all.length }, req.query, (p) => p);
    });

    r.post(BASE, {
      config: routeRateLimit(PAYMENTS_RATE_LIMITS.paymentInformationSave),
      schema: { tags, summary: 'Save the method of a completed intent on the account (mode enter), or book an authenticated payment (mode authenticate)', body: savePaymentBody, response: { 200: paymentInformationOut } },
    }, async (req) => savePaymentInformation(deps, req.caller, req.body));

    // The spec spells this path with a capital I.
    r.delete('/api/v1/billing/paymentInformation/:id', {
      schema: { tags, summary: 'Remove a saved payment method (detached at the gateway first)', params: paymentInformationParams, response: { 204: z.null().describe('Removed') } },
    }, async (req, reply) => {
      await deletePaymentInformation(deps, req.caller, req.params.id);
      return reply.code(204).send(null);
    });
  });
}
