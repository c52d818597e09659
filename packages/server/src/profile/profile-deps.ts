import type { TaxIdType } from '@portico/core/geo/tax-id-types';
import type { CatalogSnapshots } from '../billing/catalog-snapshot.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/** What the profile area's use cases need, passed in by app.ts. */
export interface ProfileDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  snapshots: CatalogSnapshots;
  currency: string;
  /** The company's tax id types (config billing.taxIdTypes): an account's tax id is checked against them. */
  taxIdTypes?: readonly TaxIdType[];
}
