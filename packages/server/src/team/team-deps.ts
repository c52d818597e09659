import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the team use cases are given (passed in, never imported). */
export interface TeamDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  mailer: Pick<Mailer, 'kind'>;
  /** Origins an invitation link may point to: the config's site origins and the server's own. */
  allowedOrigins: ReadonlySet<string>;
  /** Where the invitation link points when the widget sends no parentUrl (the company's site). */
  defaultLinkBase: string | null;
  /** Looks at the outbox now (after a commit that enqueued the invitation mail). */
  wakeOutbox(): void;
}
