import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { acceptRetentionOffer, cancellationState, cancelSubscription, restoreSubscription, type CancellationDeps } from './cancellations.ts';
import { cancellationInput, cancellationOut, cancellationQuery, cancellationStateOut, retentionAcceptOut } from './cancellations.schemas.ts';

const tags = ['cancellations'];
const PATH = '/api/v1/profile/account/cancellations';

const key = (headers: Record<string, unknown>) => headers['idempotency-key'] as string | undefined;

/** Cancel and restore (spec 2 section 7 "Cancellation"); the scope's guard takes an access token or the admin key. */
export async function cancellationRoutes(app: FastifyInstance, deps: CancellationDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(PATH, {
    schema: {
      tags, summary: 'The account\'s open cancellation request (its plan is scheduled to end), and the retention offer when the company configured one and it applies (primary contact)',
      querystring: cancellationQuery, response: { 200: cancellationStateOut },
    },
  }, async (req) => cancellationState(deps, req.caller, req.query.accountUid));

  r.post(PATH, {
    schema: {
      tags, summary: 'Cancel the plan at the current period\'s end (primary contact; a recent sign-in, else 403 Errors.ReauthenticationRequired). The account becomes Cancelling (CancellingTrial in a trial); a scheduled plan change is deleted. 409 Errors.SubscriptionAlreadyCancelling',
      headers: idempotencyHeaders, body: cancellationInput, response: { 201: cancellationOut },
    },
  }, async (req, reply) => {
    const answer = await cancelSubscription(deps, req.caller, req.body, key(req.headers));
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(answer.body);
  });

  r.delete(PATH, {
    schema: {
      tags, summary: '\'Restore plan\': reopens the plan (the prior stage back, the end cleared). 409 Errors.SubscriptionNotCancelling when nothing is cancelled or the subscription has an ExpirationDate; 400 Errors.SubscriptionExpired once the plan has ended',
      headers: idempotencyHeaders, querystring: cancellationQuery, response: { 200: cancellationOut },
    },
  }, async (req, reply) => {
    const answer = await restoreSubscription(deps, req.caller, req.query.accountUid, key(req.headers));
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(200).send(answer.body);
  });

  r.post(`${PATH}/retention-offer`, {
    schema: {
      tags, summary: 'Take the retention offer instead of cancelling: its coupon goes on the current subscription, once per account. 409 Errors.RetentionOfferUnavailable',
      headers: idempotencyHeaders, querystring: cancellationQuery, response: { 200: retentionAcceptOut },
    },
  }, async (req, reply) => {
    const answer = await acceptRetentionOffer(deps, req.caller, req.query.accountUid, key(req.headers));
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(200).send(answer.body);
  });
}
