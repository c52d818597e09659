import { randomBytes } from 'node:crypto';

/** Provider-style ids (`pi_sbx_…`, `pm_sbx_…`): the prefix says what the id names, as Stripe's do. */
export function sandboxId(prefix: 'pi' | 'seti' | 'pm' | 'cus' | 'ch' | 'sub' | 'in' | 'bps'): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}

/** `<intent id>_secret_<random>`: the client secret format Stripe uses, so one parser serves both gateways. */
export function sandboxClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBytes(16).toString('hex')}`;
}

export const sandboxPublishableKey = (companyUid: string) => `pk_sandbox_${companyUid.replace(/[^A-Za-z0-9]/g, '')}`;
