import type { FastifyInstance } from 'fastify';
import type { EventBus } from './bus/event-bus.ts';
import type { BillingDeps } from './billing/billing-deps.ts';
import type { CatalogRepository } from './catalog/catalog.repository.ts';
import type { CompanyConfig } from './config/company-config.schema.ts';
import type { RateLimitRow } from './http/rate-limits.ts';
import type { Guard } from './http/route-auth.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import type { ServerClock } from './clock/server-clock.ts';
import type { Db } from './db/database.ts';
import type { RepositoryFactories } from './db/unit-of-work.ts';
import type { PeriodicJob } from './jobs/job-types.ts';
import type { OutboxHandler } from './jobs/outbox-worker.ts';
import type { OutboxTopic } from './jobs/outbox.repository.ts';
import type { ConfirmationMailDeps } from './mail/confirmation-mail.ts';
import type { SignupWebhookConfig } from './webhooks/signup-webhook.ts';
import type { ActivityWebhookConfig } from './webhooks/activity-webhook.ts';

/** What a feature's jobs are made from (app.ts builds it once). */
export interface JobsContext {
  config: CompanyConfig;
  clock: ServerClock;
  /** Jobs make the repositories they need over it (the unit of work's type is made from the modules, so it cannot appear here). */
  db: Db;
  /** The mailer, company name, clock, people and email tokens every mail handler uses. */
  mail: ConfirmationMailDeps;
  /** The configured sign-up webhook (absent: its messages wait in the table). */
  signupWebhook: SignupWebhookConfig | undefined;
  /** The configured activity webhook (issue 17; absent: no activity message is written). */
  activityWebhook: ActivityWebhookConfig | undefined;
  /** The payment gateway (the sandbox over this database, or Stripe): the routes and payment recovery share one. */
  paymentGateway: PaymentGateway;
  /** After a commit that enqueued an outbox message: the job runner looks at once. */
  wakeOutbox: () => void;
  /** Where the secrets the config names (`secretEnv`, `botTokenEnv`) are read (issue 18: the community job's bot token). */
  secrets: Record<string, string | undefined>;
}

/**
 * What a feature's routes are made from (app.ts builds it once, before the modules register).
 * Services a feature makes for others go on the app (`app.auth`, `app.captcha`, `app.google`,
 * `app.payments`, `app.jobs`), in the module list's order.
 */
export interface AppContext extends JobsContext {
  uow: UnitOfWork;
  bus: EventBus;
  mailer: Mailer;
  /** The config's site origins and the server's own (CORS's list): where mailed links and returns may point. */
  allowedOrigins: ReadonlySet<string>;
  /** This server as visitors reach it (PORTICO_PUBLIC_URL), no trailing slash: where links to its own pages (the console's) point. */
  publicUrl: string;
  /** The admin key check (its failures rate limited). */
  adminGuard: Guard;
  catalog: CatalogRepository;
  billing: BillingDeps;
  captchaHmacKey: string | undefined;
  /** Redis for realtime (issue 19: the chat hub's Socket.IO adapter); absent url: one node. */
  realtime: { redisUrl?: string | undefined; redisPrefix?: string | undefined };
}

/**
 * One feature's contribution, declared in one place (`<feature>/<feature>.module.ts`) and listed
 * once in src/features.ts: its repositories (by the name use cases reach them under, `repos.people`),
 * its routes (with their guards), the outbox topics it delivers and its periodic jobs. The unit of
 * work, app.ts and the job runner loop over the list; no low layer (db/, http/) imports a feature
 * (features.test.ts checks it). Write `routes` as a function declaration (typed parameters): an
 * inline arrow would make the module's type depend on the unit of work's, which is made from it.
 * docs/architecture.md "Feature modules".
 */
export interface FeatureModule<R = object> {
  name: string;
  repositories?: RepositoryFactories<R>;
  /**
   * Registers the feature's routes, each scope with its guard (`guardRoutes`), in the list's order.
   * A realtime server attaches here too: `app.server` (the HTTP server) exists from the app's making,
   * so the chat module starts Socket.IO on it here and closes it in a `preClose` hook (chat/chat.module.ts).
   */
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  outboxTopics?: (ctx: JobsContext) => Partial<Record<OutboxTopic, OutboxHandler>>;
  periodicJobs?: (ctx: JobsContext) => PeriodicJob[];
  /**
   * The rows its routes apply (`rateLimitRows` in `<feature>/<feature>.rate-limits.ts`); src/features.ts
   * composes every module's into the one table, and a name declared twice fails at start.
   */
  rateLimits?: Record<string, RateLimitRow>;
}

/** Declares a module with its repositories' and rate-limit rows' types kept (for the unit of work's and the composed table's typing). */
export const featureModule = <R extends object = object, L extends Record<string, RateLimitRow> = Record<never, never>>(
  m: FeatureModule<R> & { rateLimits?: L },
): Omit<FeatureModule<R>, 'rateLimits'> & { repositories: RepositoryFactories<R>; rateLimits: L } =>
  ({ ...m, repositories: m.repositories ?? ({} as RepositoryFactories<R>), rateLimits: m.rateLimits ?? ({} as L) });
