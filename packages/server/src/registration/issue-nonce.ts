import { NONCE_TTL_MINUTES } from '@portico/core/signup/registration-limits';
import type { UnitOfWork } from '../unit-of-work.ts';
import { newSecretToken, tokenHash } from './secret-token.ts';

/** POST /nonce: a one-time value a registration must carry; only its hash is stored. */
export async function issueNonce(deps: { uow: UnitOfWork; now: () => Date }): Promise<{ Value: string }> {
  const value = newSecretToken();
  const now = deps.now();
  await deps.uow.nonces.insert(tokenHash(value), new Date(now.getTime() + NONCE_TTL_MINUTES * 60_000));
  return { Value: value };
}
