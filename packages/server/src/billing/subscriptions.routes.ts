import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { listAnswer } from '../http/list.ts';
import { applyDiscount } from './apply-discount.ts';
import {
  asOfQuery, changeSubscriptionInput, chargeSummaryOut, fieldsQuery, subscriptionInput, subscriptionOut, subscriptionParams, subscriptionsQuery,
} from './billing.schemas.ts';
import { chargeSummaryToWire } from './billing.mappers.ts';
import { cancelScheduledChange } from './cancel-scheduled-change.ts';
import { changeSubscription, type PlanChangeDeps } from './change-subscription.ts';
import { listSubscriptions } from './list-subscriptions.ts';
import { previewChange } from './prepare-change.ts';

/**
 * Routes on one account's subscriptions (spec 1 section 7). Registered inside a scope guarded by
 * `accessTokenOrAdminKey`: a member's token or the admin key; the use cases then apply the access
 * rule (members read, the primary contact changes; docs/auth.md "Who may call what").
 */
export async function subscriptionRoutes(app: FastifyInstance, deps: PlanChangeDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const currency = deps.config.company.currency;

  r.get('/api/v1/billing/subscriptions', {
    schema: { tags, summary: 'Subscriptions by Account.Uid and/or Person.Uid; current=1 keeps the current one per account', querystring: subscriptionsQuery, response: { 200: listAnswer(subscriptionOut) } },
  }, async (req) => {
    const q = req.query;
    return listSubscriptions(deps, req.caller, { accountUid: q['Account.Uid'], personUid: q['Person.Uid'], currentOnly: q.current === '1' || q.current === 'true' }, q);
  });

  r.put('/api/v1/billing/subscriptions/:id/changesubscription', {
    schema: {
      tags, summary: 'Change the plan, term, quantity, add-ons or coupon (upgrade now, downgrade at renewal); honours Idempotency-Key',
      description: 'An upgrade with an amount due today writes a plan_change invoice and charges it off-session on the account\'s saved method. '
        + '402 Errors.CardDeclined (the provider\'s message; nothing changed), 402 Errors.PaymentAuthenticationRequired (the body\'s ClientSecret is the intent to authenticate; '
        + 'send the change again with PaymentClientSecret), 400 Errors.PaymentInformationRequired (no saved method), 409 Errors.PaymentAmountChanged / Errors.PaymentIntentUsed. '
        + 'A downgrade is scheduled for the renewal and charges nothing. docs/payments.md "Plan change payment".',
      params: subscriptionParams, querystring: fieldsQuery, body: changeSubscriptionInput,
      headers: idempotencyHeaders,
      response: { 200: subscriptionOut },
    },
  }, async (req) => changeSubscription(deps, req.caller, req.params.id, req.body, req.headers['idempotency-key']));

  r.put('/api/v1/billing/subscriptions/:id/changesubscriptionpreview', {
    schema: {
      tags, summary: 'Charge summary of a change, due now or at renewal; writes nothing',
      params: subscriptionParams, querystring: asOfQuery, body: subscriptionInput, response: { 200: chargeSummaryOut },
    },
  }, async (req) => chargeSummaryToWire(await previewChange(deps, req.caller, req.params.id, req.body, req.query.asOf), currency));

  r.post('/api/v1/billing/subscriptions/:id/discounts/:discountId', {
    schema: {
      tags, summary: 'Apply a discount coupon (Uid or code): it replaces the subscription\'s coupons',
      params: subscriptionParams.extend({ discountId: z.string().trim().min(1).max(64) }), querystring: fieldsQuery, response: { 200: subscriptionOut },
    },
  }, async (req) => applyDiscount(deps, req.caller, req.params.id, req.params.discountId));

  r.delete('/api/v1/billing/subscriptions/:id', {
    schema: {
      tags, summary: 'Cancel a scheduled plan change; answers the current subscription (400 for a current one)',
      params: z.object({ id: uidSchema }), querystring: fieldsQuery, response: { 200: subscriptionOut },
    },
  }, async (req) => cancelScheduledChange(deps, req.caller, req.params.id));
}
