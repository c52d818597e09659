import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_ROOT } from '../../paths.ts';
import { routeRateLimit } from '../../http/rate-limits.ts';
import { PAYMENTS_RATE_LIMITS } from '../payments.rate-limits.ts';
import { DOCUMENT_ONLY_HEADERS } from '../../http/security-headers.ts';
import { clientSecret } from '../payments.schemas.ts';
import { AUTHENTICATE_CSS_PATH, authenticatedPage, authenticatePage } from './authenticate-page.ts';
import { SANDBOX_SCRIPT_PATH } from './sandbox-gateway.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const SCRIPT_FILE = path.join(SERVER_ROOT, 'src', 'payments', 'sandbox', 'browser', 'sandbox-v1.js');
const CSS_FILE = path.join(SERVER_ROOT, 'src', 'payments', 'sandbox', 'browser', 'authenticate.css');
/** Host pages name the script by a fixed URL (like the loader): a new release reaches them within five minutes. */
const SCRIPT_MAX_AGE_SECONDS = 300;

const field = (max: number) => z.string().max(max);
const tokenBody = z.object({
  api_login_id: field(100),
  card_number: field(40),
  expire_month: field(2),
  expire_year: field(4),
  cvv: field(4),
  name_on_card: field(200).optional(),
});
const confirmBody = z.object({
  client_secret: clientSecret,
  payment_method: z.string().min(3).max(100).regex(/^[A-Za-z0-9_]+$/),
  return_url: z.string().max(2000).optional(),
});
const authenticateForm = z.object({ client_secret: clientSecret, outcome: z.enum(['complete', 'fail']) });

/**
 * The sandbox's provider side, served only when the config's gateway is the sandbox: its
 * browser script and the endpoints that script calls. Hidden from the API document: these stand
 * in for an outside provider's API, which the widget reaches through the script, not the typed client.
 */
export async function sandboxRoutes(app: FastifyInstance, provider: SandboxProvider): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const script = readFileSync(SCRIPT_FILE);
  const config = routeRateLimit(PAYMENTS_RATE_LIMITS.sandboxGateway);
  const hide = true;

  r.get(SANDBOX_SCRIPT_PATH, { schema: { hide } }, async (_req, reply) => {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`)
      .header('access-control-allow-origin', '*')
      .send(script);
  });

  const css = readFileSync(CSS_FILE);
  r.get(AUTHENTICATE_CSS_PATH, { schema: { hide } }, async (_req, reply) => {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`).send(css);
  });

  r.post('/sandbox/v1/tokens', { config, schema: { hide, body: tokenBody } }, async (req, reply) => {
    reply.code(201);
    return provider.createToken(req.body);
  });

  r.post('/sandbox/v1/intents/confirm', { config, schema: { hide, body: confirmBody } },
    async (req) => provider.confirm(req.body.client_secret, req.body.payment_method, req.body.return_url));

  r.get('/sandbox/v1/intents', { config, schema: { hide, querystring: z.object({ client_secret: clientSecret }) } },
    async (req) => provider.retrieve(req.query.client_secret));

  r.get('/sandbox/v1/authenticate', { config, schema: { hide, querystring: z.object({ client_secret: clientSecret }) } }, async (req, reply) => {
    const row = await provider.pendingAuthentication(req.query.client_secret);
    // Chrome applies form-action to the redirect that follows the POST: the host page's origin must be allowed too.
    if (row.returnUrl) {
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("form-action 'self'", `form-action 'self' ${new URL(row.returnUrl).origin}`));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(authenticatePage({ clientSecret: row.clientSecret, kind: row.kind, amountMinor: row.amount, currency: row.currency }));
  });

  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.withTypeProvider<ZodTypeProvider>().post('/sandbox/v1/authenticate', { config, schema: { hide, body: authenticateForm } }, async (req, reply) => {
      const { view, redirectTo } = await provider.authenticate(req.body.client_secret, req.body.outcome);
      reply.header('cache-control', 'no-store');
      if (redirectTo) return reply.redirect(redirectTo, 303);
      return reply.type('text/html; charset=utf-8').send(authenticatedPage(view.status !== 'requires_payment_method'));
    });
  });
}
