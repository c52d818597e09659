/**
 * A fault-injection point for the renewal kill test (renewal-pass.kill.test.ts), and nothing else:
 * with PORTICO_TEST_HOLD_IN_RENEWAL_BATCH=<n> the n-th renewal batch this process runs writes its
 * invoices, logs `held in renewal batch <n>` and waits forever INSIDE its transaction, so the test can
 * SIGKILL the server mid-pass (earlier batches committed, this one not) and check that a restart
 * finishes the pass with every subscription renewed exactly once. Refused in production. Read from
 * the process environment directly, like hold-after-signup-commit.ts: a test seam, not a setting.
 */
export const HOLD_IN_RENEWAL_BATCH_ENV = 'PORTICO_TEST_HOLD_IN_RENEWAL_BATCH';

export type HoldInRenewalBatch = (batch: number) => Promise<void>;

export function holdInRenewalBatch(env: Record<string, string | undefined> = process.env): HoldInRenewalBatch | null {
  const at = Number(env[HOLD_IN_RENEWAL_BATCH_ENV] ?? '');
  if (!Number.isInteger(at) || at < 1) return null;
  if (env.NODE_ENV === 'production') throw new Error(`${HOLD_IN_RENEWAL_BATCH_ENV} is a test fault-injection point and is refused in production.`);
  return async (batch) => {
    if (batch !== at) return;
    process.stdout.write(`held in renewal batch ${batch}\n`);
    await new Promise<never>(() => undefined);
  };
}
