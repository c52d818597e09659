import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromGatewayError } from '../gateway-errors.ts';
import { handleGatewayEvent } from '../handle-gateway-event.ts';
import { GatewayError } from '../payment-gateway.ts';
import type { PaymentsDeps } from '../payments-deps.ts';

/**
 * POST /api/v1/webhooks/stripe: Stripe's notifications, verified with the endpoint's signing
 * secret over the exact bytes received (so this scope keeps the body as text instead of parsing
 * it). A bad signature is a 400 and changes nothing; a good one is acknowledged with 200.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/api/v1/webhooks/stripe', {
    schema: {
      tags: ['payments'], summary: 'Stripe webhook endpoint (Stripe-Signature verified against STRIPE_WEBHOOK_SECRET)',
      headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }).loose(),
      response: { 200: z.object({ received: z.boolean() }) },
    },
  }, async (req) => {
    let event;
    try {
      event = deps.gateway.parseWebhook(Buffer.from(String(req.body ?? ''), 'utf8'), req.headers);
    } catch (err) {
      if (err instanceof GatewayError) throw fromGatewayError(err);
      throw err;
    }
    await handleGatewayEvent(deps, event);
    return { received: true };
  });
}
