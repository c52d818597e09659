import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { CatalogSnapshots } from './catalog-snapshot.ts';

/** What the billing and account use cases are given (passed in, never imported). */
export interface BillingDeps {
  config: CompanyConfig;
  clock: ServerClock;
  catalog: CatalogRepository;
  uow: UnitOfWork;
  snapshots: CatalogSnapshots;
  /** An activity webhook is configured (issue 17): the use cases write its events (webhooks/activity-events.ts). */
  activityWebhookConfigured: boolean;
  /** After a commit that enqueued an outbox message: the job runner looks at once. */
  wakeOutbox: () => void;
}
