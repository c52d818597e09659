import type { Db } from './db/database.ts';
import type { RepositoryFactories } from './db/unit-of-work.ts';
import type { FeatureModule, JobsContext } from './feature-module.ts';
import type { PeriodicJob } from './jobs/job-types.ts';
import { idempotencySweepJob } from './jobs/idempotency-sweep.ts';
import type { RateLimitRow } from './http/rate-limits.ts';
import { idempotencyRepository } from './http/idempotency.repository.ts';
import { enqueueOutbox, enqueueOutboxMany, type OutboxTopic } from './jobs/outbox.repository.ts';
import { rowCountsRepository } from './db/row-counts.repository.ts';
import { accountsModule } from './accounts/accounts.module.ts';
import { authModule } from './auth/auth.module.ts';
import { billingModule } from './billing/billing.module.ts';
import { cancellationsModule } from './cancellations/cancellations.module.ts';
import { catalogModule } from './catalog/catalog.module.ts';
import { emailChangeModule } from './email-change/email-change.module.ts';
import { emailListsModule } from './email-lists/email-lists.module.ts';
import { fieldsModule } from './fields/fields.module.ts';
import { filesModule } from './files/files.module.ts';
import { mailModule } from './mail/mail.module.ts';
import { passwordsModule } from './passwords/passwords.module.ts';
import { paymentsModule } from './payments/payments.module.ts';
import { profileModule } from './profile/profile.module.ts';
import { registrationModule } from './registration/registration.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { teamModule } from './team/team.module.ts';
import { invoicesModule } from './invoices/invoices.module.ts';
import { webhooksModule } from './webhooks/webhooks.module.ts';
import { widgetsModule } from './widgets/widgets.module.ts';
import { enumsModule } from './enums/enums.module.ts';
import { captchaModule } from './captcha/captcha.module.ts';
import { googleModule } from './google/google.module.ts';
import { adminModule } from './admin/admin.module.ts';
import { sessionsModule } from './sessions/sessions.module.ts';
import { communityModule } from './community/community.module.ts';
import { attributesModule } from './attributes/attributes.module.ts';
import { usageModule } from './usage/usage.module.ts';
import { renewalsModule } from './renewals/renewals.module.ts';
import { collectionModule } from './collection/collection.module.ts';
import { supportModule } from './support/support.module.ts';
import { chatModule } from './chat/chat.module.ts';
import { leadFormsModule } from './lead-forms/lead-forms.module.ts';

/**
 * Every feature module, once (src/feature-module.ts). A new feature adds its module here; the unit
 * of work takes its repositories, app.ts registers its routes in this order, the job runner takes its
 * outbox topics and periodic jobs. Order: a module that uses another's service on the app comes
 * after it (auth makes app.auth; captcha, google and payments make app.captcha, app.google, app.payments).
 */
export const FEATURES = [
  widgetsModule, enumsModule, captchaModule, googleModule, catalogModule, adminModule, authModule, billingModule, cancellationsModule,
  passwordsModule, teamModule, paymentsModule, invoicesModule, registrationModule, filesModule, profileModule, communityModule,
  sessionsModule, emailChangeModule, attributesModule, mailModule, webhooksModule, usageModule,
  accountsModule, emailListsModule, fieldsModule, settingsModule, renewalsModule, collectionModule,
  chatModule,
  supportModule,
  leadFormsModule,
] as const;

/** The infrastructure's own tables, reached through the unit of work like a feature's. */
/** The infrastructure's own periodic jobs, run beside the modules' (the job runner takes both). */
export function infrastructureJobs(ctx: JobsContext): PeriodicJob[] {
  return [idempotencySweepJob({ repo: idempotencyRepository(ctx.db) })];
}

const INFRASTRUCTURE = {
  idempotency: idempotencyRepository,
  /** Messages written in the caller's transaction, delivered after the commit by the job runner. */
  outbox: (db: Db) => ({
    enqueue: (topic: OutboxTopic, payload: unknown) => enqueueOutbox(db, topic, payload),
    enqueueMany: (messages: { topic: OutboxTopic; payload: unknown }[]) => enqueueOutboxMany(db, messages),
  }),
  rowCounts: rowCountsRepository,
};

type RepositoriesOf<M> = M extends { repositories: infer F } ? { [K in keyof F]: F[K] extends (db: Db) => infer T ? T : never } : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every repository by the name use cases reach it under (`repos.people`). */
export type Repositories = UnionToIntersection<RepositoriesOf<(typeof FEATURES)[number]>> & { [K in keyof typeof INFRASTRUCTURE]: ReturnType<(typeof INFRASTRUCTURE)[K]> };

/** Two modules may not claim one name: the second would silently replace the first's repository. */
function collect(): RepositoryFactories<Repositories> {
  const all: Record<string, unknown> = { ...INFRASTRUCTURE };
  for (const m of FEATURES as readonly FeatureModule[]) {
    for (const [name, make] of Object.entries(m.repositories ?? {})) {
      if (name in all) throw new Error(`repository "${name}" of module ${m.name} is already registered`);
      all[name] = make;
    }
  }
  return all as RepositoryFactories<Repositories>;
}

export const REPOSITORIES = collect();

type RateLimitsOf<M> = M extends { rateLimits: infer L } ? L : never;

/** Every rate-limit row of every module, by name (`routeRateLimit`, `preHandlerLimit`... in http/rate-limits.ts apply one). */
export type RateLimits = UnionToIntersection<RateLimitsOf<(typeof FEATURES)[number]>>;
export type RateLimitName = keyof RateLimits & string;

/**
 * The one table of rate limits, composed from the modules' `rateLimits` (docs/configuration.md lists
 * them for operators). No infrastructure rows today: every row is applied in a feature's code (a row
 * applied in db/ or http/ would be defined there and added here). A name may be declared once: it
 * prefixes the counters' store keys, so two rows under one name could share counters.
 */
export function composeRateLimits(modules: readonly FeatureModule[]): Record<string, RateLimitRow> {
  const all: Record<string, RateLimitRow> = {};
  for (const m of modules) {
    for (const [name, row] of Object.entries(m.rateLimits ?? {})) {
      if (name in all) throw new Error(`rate-limit row "${name}" of module ${m.name} is already declared`);
      if (row.name !== name) throw new Error(`rate-limit row "${name}" of module ${m.name} is named "${row.name}" (declare rows with rateLimitRows)`);
      all[name] = row;
    }
  }
  return all;
}

export const RATE_LIMITS = composeRateLimits(FEATURES as readonly FeatureModule[]) as RateLimits;
