// A bare Fastify (no plugins, no schemas) in a process of its own, the baseline for a server
// that also runs in its own process: node bench/lib/bare-server.mjs '<json>'. Options:
// { method, url, status, answer (JSON text) } and, for the JWT baseline, { jwks, issuer }:
// the route then verifies the Bearer token with jose (ES256, issuer, audience "portico",
// expiry) against the given public keys before answering, and 401s without a valid one.
// Prints "listening <url>" when ready.
import Fastify from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';

const o = JSON.parse(process.argv[2]);
const app = Fastify();
const keys = o.jwks ? createLocalJWKSet(o.jwks) : null;
app.route({
  method: o.method ?? 'GET',
  url: o.url,
  handler: async (req, reply) => {
    if (keys) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('no token');
        await jwtVerify(token, keys, { algorithms: ['ES256'], issuer: o.issuer, audience: 'portico' });
      } catch {
        return reply.status(401).send({ ErrorCode: 'Errors.Unauthorized' });
      }
    }
    return reply.status(o.status ?? 200).type('application/json; charset=utf-8').send(o.answer);
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening http://127.0.0.1:${app.server.address().port}\n`);
process.on('SIGTERM', () => { void app.close().then(() => process.exit(0)); });
