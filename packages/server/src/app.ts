import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { CompanyConfig } from './config/company-config.schema.ts';
import type { Database } from './db/database.ts';
import type { EventBus } from './bus/event-bus.ts';
import type { ServerClock } from './clock/server-clock.ts';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts';
import { registerNulCheck } from './http/reject-nul.ts';
import { loggableError } from './http/database-errors.ts';
import { registerFieldSelection } from './http/fields.ts';
import { sanitizeRichText } from './http/sanitize-rich-text.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { failureLimiter, registerRateLimits, type RateLimitStoreOptions } from './http/rate-limits.ts';
import { fastifyTrustProxy, type TrustProxy } from './config/trust-proxy.ts';
import { catalogRepository } from './catalog/catalog.repository.ts';
import { emailListsRepository } from './email-lists/email-lists.repository.ts';
import { fieldsRepository } from './fields/fields.repository.ts';
import { initRoutes } from './widgets/init.routes.ts';
import { CATALOG_CHANGED } from './catalog/catalog-events.ts';
import { adminKeyGuard } from './admin/admin-auth.ts';
import { catalogAdminRoutes } from './admin/catalog-admin.routes.ts';
import { catalogSnapshots } from './billing/catalog-snapshot.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { healthRoute } from './http/health.ts';
import { contractSinkForTests, registerContractCheck, type ViolationSink } from './http/openapi-contract.ts';
import { accessTokenOrAdminKeyGuard, guardRoutes } from './http/route-auth.ts';
import { staticRoutes } from './static/static.routes.ts';
import { unitOfWork } from './db/unit-of-work.ts';
import { registerCaller } from './http/caller.ts';
import type { BillingDeps } from './billing/billing-deps.ts';
import { planRoutes } from './billing/plans.routes.ts';
import { couponRoutes } from './billing/coupons.routes.ts';
import { chargeSummaryRoutes } from './billing/charge-summary.routes.ts';
import { subscriptionRoutes } from './billing/subscriptions.routes.ts';
import { accountsAdminRoutes } from './admin/accounts-admin.routes.ts';
import { accountSupportAdminRoutes } from './admin/account-support-admin.routes.ts';
import { clockAdminRoutes } from './admin/clock-admin.routes.ts';
import { registerPayments } from './payments/register-payments.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import { registerSignup } from './signup/register-signup.ts';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mail/mailer.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { registrationRoutes } from './registration/registration.routes.ts';
import { confirmationMailRoutes } from './registration/confirmation-mail.routes.ts';
import { signupPayments } from './registration/signup-payments.ts';
import { filesRoutes } from './files/files.routes.ts';
import { registerAuth } from './auth/register-auth.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { communityRoutes } from './community/community.routes.ts';
import { attributesRoutes } from './attributes/attributes.routes.ts';
import { passwordResetRoutes } from './passwords/password-reset.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { emailChangeRoutes } from './email-change/email-change.routes.ts';
import { registerSessions } from './sessions/register-sessions.ts';

export interface AppOptions {
  config: CompanyConfig;
  database: Database;
  bus: EventBus;
  clock: ServerClock;
  adminKey?: string | undefined;
  /** Folder with the built widget and demo page; absent means no static files. */
  widgetDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Check each answer against its response schema (default); start-server turns it off in production. */
  validateResponses?: boolean;
  /** Origins allowed by CORS beyond the config's site origins (the server's own). */
  extraOrigins?: string[];
  /** Serve the demo pages beside the widget's code (default); start-server turns it off in production. */
  serveDemo?: boolean;
  /** Which proxies' X-Forwarded-For to believe (PORTICO_TRUST_PROXY); rate limits key on the resulting client address. */
  trustProxy?: TrustProxy | undefined;
  /** Where rate-limit counters live: Redis (shared by every node) or, by default, this node's memory. */
  rateLimits?: RateLimitStoreOptions | undefined;
  /** The payment gateway (start-server makes it from the config and the environment); absent: the sandbox over this database. */
  paymentGateway?: PaymentGateway | undefined;
  /** ALTCHA's signing key (PORTICO_CAPTCHA_HMAC_KEY); absent, one is made for this process (start-server warns, production refuses). */
  captchaHmacKey?: string | undefined;
  /** Where the secrets the config names (`secretEnv`) are read; default process.env. */
  secrets?: Record<string, string | undefined>;
  /** Sends mail (start-server makes it from SMTP_URL); absent: the development mailbox at /dev/mailbox. */
  mailer?: Mailer | undefined;
  /** Where answers that break the OpenAPI document are reported (http/openapi-contract.ts); default: the tests' sink, none outside tests. */
  contractViolations?: ViolationSink | undefined;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Runs the request path once without the database (routing, hooks, headers, serialization)
 * and the rich-text sanitizer, so that code is compiled before the first visitor arrives.
 * start-server calls it while embedded PGlite is still opening.
 */
export async function warmUp(app: FastifyInstance, config: CompanyConfig): Promise<void> {
  await app.ready();
  await app.inject({ method: 'GET', url: '/healthz' });
  sanitizeRichText(config.terms.html);
}

/** Builds the whole HTTP app without listening, so tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Tests and development check every answer against its zod schema; production trusts the typed
  // mappers (which build each answer field by field) and only stringifies: the response check was
  // the largest single cost of the charge-summary route. The schemas still document answers in OpenAPI.
  app.setSerializerCompiler(options.validateResponses === false ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler);
  registerErrorHandling(app);
  // Tests only: every answer is checked against the OpenAPI document (before compress, so on the plain payload).
  const contractSink = options.contractViolations ?? contractSinkForTests();
  if (contractSink) registerContractCheck(app, contractSink);
  registerNulCheck(app);
  registerCaller(app);
  registerFieldSelection(app, { checkWholeAnswer: options.validateResponses !== false });
  // JSON is the API's only body format (multipart is added per route where uploads exist).
  app.removeContentTypeParser('text/plain');

  const { config, database, bus } = options;
  const origins = new Set([...config.company.siteOrigins, ...(options.extraOrigins ?? [])]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || origins.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Timezone', 'Idempotency-Key'],
    maxAge: 600,
  });
  registerSecurityHeaders(app, { google: Boolean(config.google.clientId) });
  // Answers of 1 KB or more go out brotli- or gzip-compressed, chosen by Accept-Encoding; it must come
  // before the routes. The widget's files arrive already compressed (built once, static.routes.ts) and pass through.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerRateLimits(app, options.rateLimits);

  await registerApiDocs(app);

  // /healthz: ok, or degraded with the reasons (Redis unreachable for rate limits or the bus); http/health.ts.
  bus.useLog?.(app.log);
  healthRoute(app, { database: database.kind, bus });

  const adminGuard = adminKeyGuard(options.adminKey, failureLimiter(app, 'adminKeyFailures'));
  const catalog = catalogRepository(database.db);
  const deps = { config, catalog, emailLists: emailListsRepository(database.db), fields: fieldsRepository(database.db), bus };
  await app.register(async (scope) => initRoutes(scope, deps));
  const uow = unitOfWork(database.db, { onHookError: (err, when) => app.log.error({ error: loggableError(err) }, `${when} hook failed`) });
  // Without SMTP_URL, development keeps mail in memory for /dev/mailbox; start-server passes the real one.
  const mailer = options.mailer ?? createMailer({ from: DEFAULT_MAIL_FROM, production: false });
  // Sign-up (issue 7): captcha challenge, enums, Google token check, the outbox worker (app.signup).
  await registerSignup(app, {
    config, db: database.db, captchaHmacKey: options.captchaHmacKey, secrets: options.secrets ?? process.env,
    mail: { mailer, companyName: config.company.name, now: () => options.clock.now(), people: uow.people, emailTokens: uow.emailTokens },
    teamMembership: uow.team, signInCodes: { codes: uow.signInCodes, auditLog: uow.auditLog },
  });
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', adminGuard);
    await catalogAdminRoutes(scope, { catalog, currency: config.company.currency, onChange: () => bus.publish(CATALOG_CHANGED) });
  });
  // Billing (issue 3). Catalogue reads, coupon lookups and the two compute routes are public (the sign-up
  // widget needs them before login); routes on one account's subscriptions are registered after sign-in below.
  const billing: BillingDeps = { config, clock: options.clock, catalog, uow, snapshots: catalogSnapshots(catalog, bus) };
  const currency = config.company.currency;
  await app.register(async (scope) => {
    await planRoutes(scope, { catalog, currency });
    await couponRoutes(scope, { catalog, currency, clock: options.clock });
    await chargeSummaryRoutes(scope, billing);
  });
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', adminGuard);
    await accountsAdminRoutes(scope, billing);
    await accountSupportAdminRoutes(scope, { db: database.db });
    await clockAdminRoutes(scope, options.clock);
  });
  // Sign-in (issue 8): keys and JWKS, tokens with sessions, the access-token guard (app.auth.guard), password checks.
  await registerAuth(app, { config, clock: options.clock, uow, bus: options.bus, secrets: options.secrets ?? process.env, wakeOutbox: () => app.signup.outbox.wake() });
  // One account's subscriptions and payment information: a member's access token or the admin key; the
  // use cases apply the access rule (members read, the primary contact changes: docs/auth.md "Who may call what").
  const accountGuard = accessTokenOrAdminKeyGuard(app.auth.guard, adminGuard);
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessTokenOrAdminKey', accountGuard);
    await subscriptionRoutes(scope, billing);
  });
  // Forgot/reset password (mail through the outbox) and PUT /profile/password (issue 8).
  await app.register(async (scope) => passwordResetRoutes(scope, {
    uow, clock: options.clock, config, auth: config.auth, tokens: app.auth.tokens, guard: app.auth.guard, policy: config.passwordPolicy, mailer,
    allowedOrigins: origins, wakeOutbox: () => app.signup.outbox.wake(),
    verifyGoogleIdToken: config.google.clientId ? app.signup.verifyGoogleIdToken : null,
  }));
  // Team (issue 8 item 5): the account's people behind the access token; owner-only changes (docs/team.md).
  await app.register(async (scope) => teamRoutes(scope, {
    uow, clock: options.clock, mailer, allowedOrigins: origins, defaultLinkBase: config.company.websiteUrl,
    wakeOutbox: () => app.signup.outbox.wake(), guard: app.auth.guard,
  }));
  // Payments (issue 7): sign-up calls public and rate limited, account calls behind accountGuard (as subscriptions).
  const payments = await registerPayments(app, { db: database.db, billing, gateway: options.paymentGateway, accountGuard, allowedOrigins: origins });
  // Registration (issue 7): nonce, email check, validate, register, confirm; uploaded files; the development mailbox.
  await app.register(async (scope) => registrationRoutes(scope, {
    billing, uow, captcha: app.signup.captcha, verifyGoogleIdToken: app.signup.verifyGoogleIdToken, payments: signupPayments(payments), mailer,
    signupWebhookConfigured: app.signup.signupWebhookConfigured, allowedOrigins: origins, wakeOutbox: () => app.signup.outbox.wake(),
    auth: config.auth, tokens: app.auth.tokens,
  }));
  // 'Send the link again' for a sign-in refused until the email is confirmed (issue 12; docs/auth.md "Unconfirmed email").
  await app.register(async (scope) => confirmationMailRoutes(scope, { uow, clock: options.clock, config, mailer, allowedOrigins: origins, wakeOutbox: () => app.signup.outbox.wake() }));
  await app.register(async (scope) => filesRoutes(scope, { files: uow.files }));
  // Profile and account (issue 8 item 4): the signed-in person's own data; field definitions are public and cached.
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    await profileRoutes(scope, { uow, clock: options.clock, snapshots: billing.snapshots, currency });
    await communityRoutes(scope, { community: config.community, repos: uow, clock: options.clock });
  });
  // The person's sessions: list, end one, end the others; the admin ends all of a person's (issue 12; docs/auth.md).
  await registerSessions(app, { config, clock: options.clock, uow, adminGuard });
  // Changing the email (issue 12): the password, a link to the new address, a notice with an undo to the old one.
  await app.register(async (scope) => emailChangeRoutes(scope, {
    uow, clock: options.clock, config, mailer, allowedOrigins: origins, wakeOutbox: () => app.signup.outbox.wake(), guard: app.auth.guard,
  }));
  await app.register(async (scope) => attributesRoutes(scope, { fields: deps.fields, bus }));
  if (mailer.kind === 'dev-mailbox') await app.register(async (scope) => devMailboxRoutes(scope, mailer));
  app.addHook('onClose', () => mailer.close());
  if (options.widgetDist) await app.register(async (scope) => staticRoutes(scope, options.widgetDist!, { serveDemo: options.serveDemo !== false }));
  return app;
}
