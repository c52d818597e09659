import { featureModule, type JobsContext } from '../feature-module.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { renewalJob } from './renewal-job.ts';
import { renewalsRepository } from './renewals.repository.ts';

/** The renewal pass (issue 17): periodic job `billing.renewals` (renewal-job.ts; docs/billing.md "Renewals"). */
function periodicJobs(ctx: JobsContext): PeriodicJob[] {
  return [renewalJob(ctx)];
}

/** Renewals (src/feature-module.ts): every due subscription renewed once per period. */
export const renewalsModule = featureModule({
  name: 'renewals',
  repositories: { renewals: renewalsRepository },
  periodicJobs,
});
