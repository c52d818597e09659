import type { Db } from './database.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { peopleRepository } from '../accounts/people.repository.ts';
import { invoicesRepository } from '../billing/invoices.repository.ts';
import { subscriptionsRepository } from '../billing/subscriptions.repository.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { emailListsRepository } from '../email-lists/email-lists.repository.ts';
import { fieldsRepository } from '../fields/fields.repository.ts';
import { filesRepository } from '../files/files.repository.ts';
import { idempotencyRepository } from '../http/idempotency.repository.ts';
import { enqueueOutbox, type OutboxTopic } from '../outbox/outbox.repository.ts';
import { emailTokensRepository } from '../registration/email-tokens.repository.ts';
import { noncesRepository } from '../registration/nonces.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { rowCountsRepository } from './row-counts.repository.ts';
import { paymentsRepository } from '../payments/payments.repository.ts';
import { auditLogRepository } from '../auth/audit-log.repository.ts';
import { sessionsRepository } from '../auth/sessions.repository.ts';
import { sessionCleanupRepository } from '../auth/session-cleanup.repository.ts';
import { signInRepository } from '../auth/sign-in.repository.ts';
import { knownDevicesRepository } from '../auth/known-devices.repository.ts';
import { signInCodesRepository } from '../auth/sign-in-codes.repository.ts';
import { signingKeysRepository } from '../auth/signing-keys.repository.ts';
import { passwordHistoryRepository } from '../passwords/password-history.repository.ts';
import { teamRepository } from '../team/team.repository.ts';
import { profileRepository } from '../profile/profile.repository.ts';

/**
 * Every feature's repositories, by the name use cases reach them under (`repos.people`).
 * A feature adds its repository here, once; the unit of work (unit-of-work.ts) then hands
 * it bound to the database or to a transaction, together with all the others.
 */
export const REPOSITORIES = {
  accounts: accountsRepository,
  people: peopleRepository,
  subscriptions: subscriptionsRepository,
  catalog: catalogRepository,
  emailLists: emailListsRepository,
  fields: fieldsRepository,
  settings: settingsRepository,
  idempotency: idempotencyRepository,
  invoices: invoicesRepository,
  files: filesRepository,
  nonces: noncesRepository,
  emailTokens: emailTokensRepository,
  /** Messages written in the caller's transaction, delivered after the commit by the outbox worker. */
  outbox: (db: Db) => ({ enqueue: (topic: OutboxTopic, payload: unknown) => enqueueOutbox(db, topic, payload) }),
  rowCounts: rowCountsRepository,
  payments: paymentsRepository,
  signIn: signInRepository,
  knownDevices: knownDevicesRepository,
  signInCodes: signInCodesRepository,
  sessions: sessionsRepository,
  sessionCleanup: sessionCleanupRepository,
  signingKeys: signingKeysRepository,
  passwordHistory: passwordHistoryRepository,
  auditLog: auditLogRepository,
  team: teamRepository,
  profile: profileRepository,
} satisfies Record<string, (db: Db) => unknown>;

export type Repositories = { [K in keyof typeof REPOSITORIES]: ReturnType<(typeof REPOSITORIES)[K]> };
