import { readEnv } from './config/env.ts';
import { startServer } from './start-server.ts';
import type { JobRunReport } from './jobs/job-runner.ts';

/** The jobs one pass runs, in order: renew what is due, then claim the charges of Open invoices due an attempt. */
export const PASS_JOBS = ['billing.renewals', 'billing.collection'] as const;
/** The charges the collection claimed, delivered here rather than left to a running server. */
export const PASS_TOPICS = ['billing.charge-invoice'] as const;

/** One line per job for the operator. */
export function describeRun(r: JobRunReport): string {
  switch (r.status) {
    case 'ran': return `${r.name}: ran, ${r.result ?? 0} done`;
    case 'failed': return `${r.name}: failed: ${r.error ?? 'unknown error'} (it is retried by the running server)`;
    case 'held': return `${r.name}: not run, another node is running it now`;
    default: return `${r.name}: not registered in this build, skipped`;
  }
}

/**
 * `npm run renewals` (scripts/renewals.mjs): opens the configured database exactly as `npm start`
 * does (migrations and seed included), neither listens nor starts the job runner's loop, runs one pass
 * and exits. On PGlite the data folder's lock refuses it while a server uses the folder (stop the
 * server, or move the admin clock in development); on PostgreSQL it runs beside the servers (SKIP
 * LOCKED and the job's claim keep every renewal single).
 */
async function main(): Promise<void> {
  const server = await startServer(readEnv(), { serve: false });
  let failed = false;
  try {
    const reports = await server.app.jobs.runJobsNow(PASS_JOBS);
    for (const r of reports) console.log(describeRun(r));
    failed = reports.some((r) => r.status === 'failed');
    const charged = await server.app.jobs.drainTopics(PASS_TOPICS);
    console.log(`${PASS_TOPICS.join(', ')}: ${charged} message(s) delivered`);
  } finally {
    await server.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(`renewal pass failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
