import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preHandlerLimit, routeRateLimit } from '../http/rate-limits.ts';
import { REGISTRATION_RATE_LIMITS } from './registration.rate-limits.ts';
import { resendConfirmation, type ResendConfirmationDeps } from './resend-confirmation.ts';

const body = z.object({ Email: z.string().trim().min(1).max(320).email() });
const query = z.object({
  /** The page the link opens (an allowed site origin); default: the config's registration.confirmationUrl. */
  confirmationUrl: z.string().url().max(2000).optional(),
});

/** 'Send the link again' for a sign-up whose email is not confirmed yet (docs/auth.md "Unconfirmed email"). Public, rate limited. */
export async function confirmationMailRoutes(app: FastifyInstance, deps: ResendConfirmationDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/crm/registrations/confirmation-mail', {
    config: routeRateLimit(REGISTRATION_RATE_LIMITS.confirmationMailPerAddress),
    preHandler: preHandlerLimit(app, REGISTRATION_RATE_LIMITS.confirmationMailPerEmail),
    schema: {
      tags: ['registration'],
      summary: 'Mails a new email confirmation link (72 hours; older links stop working) when the address is waiting for confirmation; the same 204 either way',
      body, querystring: query, response: { 204: z.null().describe('Accepted (whether or not the address has an account waiting for confirmation)') },
    },
  }, async (req, reply) => {
    await resendConfirmation(deps, { email: req.body.Email, confirmationUrl: req.query.confirmationUrl, ip: req.ip });
    return reply.status(204).send(null);
  });
}
