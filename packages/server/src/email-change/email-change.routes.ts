import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preHandlerLimit, routeRateLimit } from '../http/rate-limits.ts';
import { EMAIL_CHANGE_RATE_LIMITS } from './email-change.rate-limits.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { confirmEmailChange } from './confirm-email-change.ts';
import type { EmailChangeDeps } from './email-change-deps.ts';
import { emailChangeAccepted, emailChangeBody, emailChangeQuery, emailChangedOut, emailRestoredOut, emailTokenBody } from './email-change.schemas.ts';
import { requestEmailChange } from './request-email-change.ts';
import { undoEmailChange } from './undo-email-change.ts';

const tags = ['profile'];

/**
 * Changing the email (issue 12; docs/account-area.md "Changing the email"): the request behind the
 * access token, then the two links' calls, public because the mailed token is the credential. A GET
 * never changes anything (mail scanners fetch links): the widget's screens POST the token.
 */
export async function emailChangeRoutes(app: FastifyInstance, deps: EmailChangeDeps & { guard: Guard }) {
  await app.register(async (scope) => {
    // The address is counted before the token check (stolen or made-up tokens count too), the person after it.
    scope.addHook('onRequest', preHandlerLimit(scope, EMAIL_CHANGE_RATE_LIMITS.emailChangePerAddress));
    guardRoutes(scope, 'accessToken', deps.guard);
    scope.addHook('onRequest', preHandlerLimit(scope, EMAIL_CHANGE_RATE_LIMITS.emailChangePerPerson));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/v1/profile/email', {
      schema: {
        tags,
        summary: 'Ask to change the email: needs the current password (400 on Password when wrong), mails a single-use link (24 hours) to the new address; the email changes only when the link is used. 409 Errors.Duplicate on NewEmail when taken, 403 for a Google-linked login',
        querystring: emailChangeQuery, body: emailChangeBody, response: { 200: emailChangeAccepted },
      },
    }, async (req, reply) => {
      const answer = await requestEmailChange(deps, req.caller, { ...req.body, parentUrl: req.query.parentUrl });
      return reply.header('cache-control', 'no-store').send(answer);
    });
  });

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/v1/profile/email/confirm', {
      config: routeRateLimit(EMAIL_CHANGE_RATE_LIMITS.emailChangeLinkPerAddress),
      schema: {
        tags,
        summary: 'Use the link mailed to the new address: the email changes, the old address gets a notice with an undo link (7 days). 404 Errors.InvalidToken when unknown, used or expired; 409 Errors.Duplicate when the address was taken meanwhile',
        body: emailTokenBody, response: { 200: emailChangedOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmEmailChange(deps, { token: req.body.Token, ip: req.ip });
    });
    r.post('/api/v1/profile/email/undo', {
      config: routeRateLimit(EMAIL_CHANGE_RATE_LIMITS.emailChangeLinkPerAddress),
      schema: {
        tags,
        summary: 'Use the undo link mailed to the old address: the old email comes back, the password is taken away and every session ends (the person sets a new password with a reset link). 404 Errors.InvalidToken when unknown, used or expired',
        body: emailTokenBody, response: { 200: emailRestoredOut },
      },
    }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return undoEmailChange(deps, { token: req.body.Token, ip: req.ip });
    });
  });
}
