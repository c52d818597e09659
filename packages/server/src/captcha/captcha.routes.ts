import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAltcha, type CaptchaVerifier } from './captcha.ts';
import { notFound } from '../http/app-error.ts';

/** An ALTCHA challenge as altcha-lib writes it; the widget solves it and sends it back inside the token. */
const challengeOut = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string(),
});

/** GET /captcha/challenge: only when the company's captcha is ALTCHA (404 otherwise). */
export async function captchaRoutes(app: FastifyInstance, { captcha }: { captcha: CaptchaVerifier }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/captcha/challenge', {
    // About 380 bytes, under the app's 1 KB threshold, and half of it hex that brotli shrinks by a third: compressed
    // anyway, since every visitor of a form with the captcha fetches one (issue 18 page weight).
    compress: { threshold: 0 },
    schema: {
      tags: ['captcha'],
      summary: 'A fresh ALTCHA proof-of-work challenge for the sign-up captcha',
      response: { 200: challengeOut },
    },
  }, async (_request, reply) => {
    if (!isAltcha(captcha)) throw notFound('This site does not use the ALTCHA captcha.');
    // Each challenge is accepted once: a cached one would be refused at submit.
    reply.header('cache-control', 'no-store');
    const challenge = await captcha.challenge();
    return { parameters: challenge.parameters, signature: challenge.signature ?? '' };
  });
}
