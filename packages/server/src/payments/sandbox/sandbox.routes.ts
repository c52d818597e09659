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
import { ErrorCode } from '@portico/core';
import { AppError } from '../../http/app-error.ts';
import type { Guard } from '../../http/route-auth.ts';
import type { ServerClock } from '../../clock/server-clock.ts';
import { GatewayError } from '../payment-gateway.ts';
import { sandboxPortalPath, type SandboxBilling } from './sandbox-billing.ts';
import { invoicePage, PORTAL_CSS_PATH, portalExpiredPage, portalPage } from './portal-page.ts';

const SCRIPT_FILE = path.join(SERVER_ROOT, 'src', 'payments', 'sandbox', 'browser', 'sandbox-v1.js');
const CSS_FILE = path.join(SERVER_ROOT, 'src', 'payments', 'sandbox', 'browser', 'authenticate.css');
const PORTAL_CSS_FILE = path.join(SERVER_ROOT, 'src', 'payments', 'sandbox', 'browser', 'portal.css');
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

const providerId = (prefix: string) => z.string().max(100).regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`));
/** The dashboard's "Create subscription" (provider-style snake case; amounts in minor units, as providers take them). */
const subscriptionBody = z.object({
  customer: providerId('cus'),
  items: z.array(z.object({
    product_name: z.string().trim().min(1).max(200).regex(/^\P{Cc}*$/u, "must not hold control characters"),
    unit_amount: z.number().int().min(0).max(100_000_000),
    currency: z.string().regex(/^[A-Za-z]{3}$/).transform((c) => c.toUpperCase()),
    interval: z.enum(['month', 'year']),
    quantity: z.number().int().min(1).max(10_000).default(1),
  }).strict()).min(1).max(20),
  /** Periods already billed, the current one included: one invoice each. */
  periods: z.number().int().min(1).max(36).default(1),
  status: z.enum(['active', 'trialing', 'past_due']).default('active'),
}).strict();
const portalParams = z.object({ session: providerId('bps') });
const portalForm = z.object({ subscription: providerId('sub'), change: z.enum(['cancel', 'resume']) });

export interface SandboxBillingRoutes {
  billing: SandboxBilling;
  clock: ServerClock;
  /** The company's name: "Return to {company}", the invoice's issuer. */
  company: string;
  /** The dashboard's calls need the admin key (a provider's need its secret key). */
  adminGuard: Guard;
}

/**
 * The sandbox's provider side, served only when the config's gateway is the sandbox: its
 * browser script and the endpoints that script calls. Hidden from the API document: these stand
 * in for an outside provider's API, which the widget reaches through the script, not the typed client.
 */
export async function sandboxRoutes(app: FastifyInstance, provider: SandboxProvider, b: SandboxBillingRoutes): Promise<void> {
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

  const portalCss = readFileSync(PORTAL_CSS_FILE);
  r.get(PORTAL_CSS_PATH, { schema: { hide } }, async (_req, reply) => {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', `public, max-age=${SCRIPT_MAX_AGE_SECONDS}`).send(portalCss);
  });

  // Provider billing (sandbox-billing.ts): what a provider's dashboard, hosted invoice and customer portal do.
  await app.register(async (dashboard) => {
    dashboard.addHook('onRequest', b.adminGuard);
    dashboard.withTypeProvider<ZodTypeProvider>().post('/sandbox/v1/subscriptions', { config: { ...config, auth: 'adminKey' }, schema: { hide, body: subscriptionBody } }, async (req, reply) => {
      try {
        const created = await b.billing.createSubscription({
          customer: req.body.customer, periods: req.body.periods, status: req.body.status,
          items: req.body.items.map((i) => ({ productName: i.product_name, unitAmountMinor: i.unit_amount, currency: i.currency, interval: i.interval, quantity: i.quantity })),
        }, b.clock.now());
        reply.code(201);
        return {
          id: created.id, status: created.status, start_date: created.startDate.toISOString(),
          current_period_end: created.currentPeriodEnd?.toISOString() ?? null,
        };
      } catch (err) {
        if (err instanceof GatewayError && err.kind === 'not_found') throw new AppError(ErrorCode.NotFound, err.message);
        if (err instanceof GatewayError && err.kind === 'invalid') throw new AppError(ErrorCode.ValidationFailed, err.message);
        throw err;
      }
    });
  });

  const html = (reply: import('fastify').FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  r.get('/sandbox/v1/invoices/:id', { config, schema: { hide, params: z.object({ id: providerId('in') }) } }, async (req, reply) => {
    // The id is the credential, as a provider's hosted invoice link is (unguessable, 96 random bits).
    const invoice = await b.billing.getInvoice(req.params.id);
    if (!invoice) throw new AppError(ErrorCode.NotFound, 'No such invoice.');
    return html(reply, 200, invoicePage(b.company, invoice));
  });

  r.get('/sandbox/v1/portal/:session', { config, schema: { hide, params: portalParams } }, async (req, reply) => {
    const session = await b.billing.portalSession(req.params.session);
    if (!session) return html(reply, 404, portalExpiredPage(b.company));
    const view = await b.billing.portalView(session.customerId);
    return html(reply, 200, portalPage({ session: session.id, company: b.company, returnUrl: session.returnUrl, ...view }));
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

    form.withTypeProvider<ZodTypeProvider>().post('/sandbox/v1/portal/:session/subscriptions', { config, schema: { hide, params: portalParams, body: portalForm } }, async (req, reply) => {
      const session = await b.billing.portalSession(req.params.session);
      if (!session) return html(reply, 404, portalExpiredPage(b.company));
      // Another customer's subscription, or one that has ended, changes nothing: the page shows what is.
      await b.billing.setCancellation(session.customerId, req.body.subscription, req.body.change, b.clock.now());
      return reply.header('cache-control', 'no-store').redirect(sandboxPortalPath(session.id), 303);
    });
  });
}
