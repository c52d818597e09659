import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { failureLimiter, tooManyRequests } from '../http/rate-limits.ts';
import { SUPPORT_MAIL_RATE_LIMITS } from './support-mail.rate-limits.ts';
import { INBOUND_SECRET_HEADER, inboundSecretMatches, receiveInboundMail, type InboundMailDeps } from './inbound-mail.ts';

/** The largest raw message taken: five 2 MB attachments in base64 (4/3) with headers and text to spare. */
export const INBOUND_MAIL_MAX_BYTES = 16 * 1024 * 1024;

const inboundOut = z.object({
  CaseUid: z.string(), ActivityUid: z.string(), Duplicate: z.boolean(),
  Attachments: z.array(z.object({ Name: z.string(), Kept: z.boolean(), Reason: z.string().nullable() })),
});

/** POST /api/v1/inbound-mail: the mail provider's inbound webhook (raw RFC 822), behind the shared secret header. */
export async function inboundMailRoutes(app: FastifyInstance, deps: InboundMailDeps & { secret: string | undefined }) {
  const failures = failureLimiter(app, SUPPORT_MAIL_RATE_LIMITS.inboundMailSecretFailures);
  // Checked on request, before the (up to 16 MiB) body is read; only a wrong secret counts (a missing one guesses nothing).
  guardRoutes(app, 'inboundMailSecret', async (req, reply) => {
    const given = req.headers[INBOUND_SECRET_HEADER];
    const sent = typeof given === 'string' ? given : undefined;
    if (inboundSecretMatches(deps.secret, sent)) return;
    if (sent !== undefined) {
      const retryAfter = await failures.recordFailure(req);
      if (retryAfter !== null) throw tooManyRequests(reply, retryAfter, 'Too many wrong inbound-mail secrets from this address; try again later.');
    }
    throw new AppError(ErrorCode.Unauthorized, `Send the inbound-mail secret in ${INBOUND_SECRET_HEADER}.`);
  });
  for (const type of ['message/rfc822', 'application/octet-stream', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: INBOUND_MAIL_MAX_BYTES }, (_req, body, done) => done(null, body));
  }
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/inbound-mail', {
    bodyLimit: INBOUND_MAIL_MAX_BYTES,
    config: { apiDocs: { rawBody: { contentTypes: ['message/rfc822'], description: 'The raw RFC 822 message as received' } } },
    schema: {
      tags: ['support'],
      summary: 'A customer\'s mail into its support case, threaded by the reply token of the plus address it was sent to (201; 200 with Duplicate for a Message-ID already taken). 401 without the shared secret; 400 no reply address, 404 unknown token, 409 a subject naming another case: nothing stored',
      response: { 200: inboundOut, 201: inboundOut },
    },
  }, async (req, reply) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError(ErrorCode.InvalidValue, 'Send the raw message (Content-Type: message/rfc822).', [], 400);
    const answer = await receiveInboundMail(deps, req.body);
    return reply.status(answer.Duplicate ? 200 : 201).send(answer);
  });
}
