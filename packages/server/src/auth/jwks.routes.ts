import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWK } from 'jose';
import type { KeyRing } from './key-ring.ts';
import { jwksOut } from './auth.schemas.ts';

/**
 * Host apps fetch the keys to check Portico's tokens themselves (docs/auth.md). Five minutes of
 * caching: a new key is made well before it signs (the ring keeps retired keys published until
 * their last token expires), and jose's remote key set re-fetches when it meets an unknown kid.
 */
export async function jwksRoutes(app: FastifyInstance, { ring }: { ring: KeyRing }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/.well-known/jwks.json', '/api/v1/auth/jwks']) {
    r.get(url, {
      schema: { tags: ['auth'], summary: 'The public keys that verify Portico access tokens (JWKS, ES256)', response: { 200: jwksOut } },
    }, async (_req, reply) => {
      // The first start makes the first key, so the set is never empty for a host app.
      await ring.signingKey();
      reply.header('cache-control', 'public, max-age=300');
      return ring.jwks() as Promise<{ keys: (JWK & { kty: string })[] }>;
    });
  }
}
