/**
 * A fault-injection point for the payment-recovery kill test (payment-recovery.kill.test.ts), and
 * nothing else: with PORTICO_TEST_HOLD_AFTER_SIGNUP_COMMIT=1 a paid sign-up, once its transaction
 * has committed, logs `held after signup commit <payment uid>` and waits forever instead of
 * capturing, so the test can SIGKILL the server exactly between the commit and the capture and
 * see recovery finish the payment after a restart. Refused in production: a server started there
 * with the variable set stops at start-up (it would take orders and never charge them).
 * Read from the process environment directly, like NODE_ENV, because it is a test seam and not a
 * setting: it is deliberately absent from config/env.ts and the docs' configuration.
 */
export const HOLD_AFTER_SIGNUP_COMMIT_ENV = 'PORTICO_TEST_HOLD_AFTER_SIGNUP_COMMIT';

export type HoldAfterSignupCommit = (paymentUid: string) => Promise<never>;

export function holdAfterSignupCommit(env: Record<string, string | undefined> = process.env): HoldAfterSignupCommit | null {
  if (env[HOLD_AFTER_SIGNUP_COMMIT_ENV] !== '1') return null;
  if (env.NODE_ENV === 'production') throw new Error(`${HOLD_AFTER_SIGNUP_COMMIT_ENV} is a test fault-injection point and is refused in production.`);
  return (paymentUid) => {
    process.stdout.write(`held after signup commit ${paymentUid}\n`);
    return new Promise<never>(() => undefined);
  };
}
