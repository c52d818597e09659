import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Mailer } from './mailer.ts';

/**
 * What a use case needs to mail a person a single-use link through the outbox (forgot password,
 * the confirmation link sent again, the email change): passed in by app.ts, never imported.
 */
export interface MailedLinkDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  config: CompanyConfig;
  mailer: Pick<Mailer, 'kind'>;
  /** Origins a mailed link may point to: the config's site origins and the server's own. */
  allowedOrigins: ReadonlySet<string>;
  /** Looks at the outbox now (after the commit that enqueued the mail). */
  wakeOutbox(): void;
}
