import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { BillingRepositories } from './billing.repository.ts';
import type { CatalogSnapshots } from './catalog-snapshot.ts';

/** What the billing use cases are given (passed in, never imported). */
export interface BillingDeps {
  config: CompanyConfig;
  clock: ServerClock;
  catalog: CatalogRepository;
  repos: BillingRepositories;
  snapshots: CatalogSnapshots;
}
