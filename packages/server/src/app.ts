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
import { DEFAULT_PUBLIC_URL } from './config/load-company-config.ts';
import { catalogRepository } from './catalog/catalog.repository.ts';
import { adminKeyGuard } from './admin/admin-auth.ts';
import { catalogSnapshots } from './billing/catalog-snapshot.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { healthRoute } from './http/health.ts';
import { contractSinkForTests, registerContractCheck, type ViolationSink } from './http/openapi-contract.ts';
import { staticRoutes } from './static/static.routes.ts';
import { unitOfWork } from './unit-of-work.ts';
import { registerCaller } from './http/caller.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mail/mailer.ts';
import { withListUnsubscribe } from './mail/list-unsubscribe.ts';
import { listMemberHeaders } from './email-lists/list-member-headers.ts';
import { personLinkTokens } from './email-lists/list-links.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { FEATURES, infrastructureJobs, RATE_LIMITS } from './features.ts';
import type { AppContext, FeatureModule, JobsContext } from './feature-module.ts';
import { signupWebhookFromConfig } from './webhooks/signup-webhook.ts';
import { activityWebhookFromConfig } from './webhooks/activity-webhook.ts';
import { createPaymentGateway } from './payments/gateway-from-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job runner: outbox delivery and periodic jobs (start-server starts it; `wake()` after a commit that enqueued). */
    jobs: JobRunner;
  }
}

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
  /** The address visitors reach this server at (PORTICO_PUBLIC_URL; default http://localhost:3000): the console's mailed links open its pages. */
  publicUrl?: string | undefined;
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
  /** Redis for realtime (the chat hub's adapter; start-server passes REDIS_URL); absent: one node. */
  realtime?: { redisUrl?: string | undefined; redisPrefix?: string | undefined } | undefined;
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

  const adminGuard = adminKeyGuard(options.adminKey, failureLimiter(app, RATE_LIMITS.adminKeyFailures));
  const catalog = catalogRepository(database.db);
  const uow = unitOfWork(database.db, { onHookError: (err, when) => app.log.error({ error: loggableError(err) }, `${when} hook failed`) });
  // Without SMTP_URL, development keeps mail in memory for /dev/mailbox; start-server passes the real one.
  // Every mail to someone on an email list carries the RFC 8058 headers (issue 18; mail/list-unsubscribe.ts).
  const mailer = withListUnsubscribe(options.mailer ?? createMailer({ from: DEFAULT_MAIL_FROM, production: false }), listMemberHeaders({
    subscriptions: uow.emailListSubscriptions, config, clock: options.clock,
    tokens: personLinkTokens((fresh) => uow.emailListSubscriptions.linkKey(fresh)),
  }));
  const secrets = options.secrets ?? process.env;
  // Jobs and routes wake the runner after a commit that enqueued; the runner is made from the modules' jobs just below.
  const wake = { outbox: (): void => undefined };
  const jobsContext: JobsContext = {
    config, clock: options.clock, db: database.db, signupWebhook: signupWebhookFromConfig(config, secrets), activityWebhook: activityWebhookFromConfig(config, secrets),
    paymentGateway: options.paymentGateway ?? await createPaymentGateway(config, database.db, {}),
    wakeOutbox: () => wake.outbox(),
    secrets,
    mail: { mailer, companyName: config.company.name, now: () => options.clock.now(), people: uow.people, emailTokens: uow.emailTokens },
  };
  // The one job runner (issue 14): every feature module's outbox topics and periodic jobs. start-server
  // starts it once migrations ran; it stops before the database closes (deliveries and runs in flight
  // are taken over later, by this node or another).
  const jobs = createJobRunner({
    db: database.db, clock: options.clock, log: app.log,
    handlers: Object.assign({}, ...FEATURES.map((m: FeatureModule) => m.outboxTopics?.(jobsContext) ?? {})),
    periodic: [...infrastructureJobs(jobsContext), ...FEATURES.flatMap((m: FeatureModule) => m.periodicJobs?.(jobsContext) ?? [])],
  });
  wake.outbox = () => jobs.wake();
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const ctx: AppContext = {
    ...jobsContext, uow, bus, mailer, allowedOrigins: origins, adminGuard, catalog, secrets, publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    billing: {
      config, clock: options.clock, catalog, uow, snapshots: catalogSnapshots(catalog, bus),
      activityWebhookConfigured: jobsContext.activityWebhook !== undefined, wakeOutbox: jobsContext.wakeOutbox,
    },
    captchaHmacKey: options.captchaHmacKey,
    realtime: options.realtime ?? {},
  };
  // Every feature's routes, in the module list's order (src/features.ts).
  for (const feature of FEATURES as readonly FeatureModule[]) await feature.routes?.(app, ctx);
  app.addHook('onClose', () => mailer.close());
  if (options.widgetDist) await app.register(async (scope) => staticRoutes(scope, options.widgetDist!, { serveDemo: options.serveDemo !== false }));
  return app;
}
