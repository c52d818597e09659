import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { KnownDevicesRepository } from './known-devices.repository.ts';

/** A device token lives this long after its last sign-in (docs/auth.md "Lockout and known browsers"). */
export const KNOWN_DEVICE_TTL_DAYS = 180;

/** The longest device token accepted in a request (ours are 43 characters). */
export const DEVICE_TOKEN_MAX_LENGTH = 100;

const expiry = (at: Date) => new Date(at.getTime() + KNOWN_DEVICE_TTL_DAYS * 86_400_000);

/**
 * Whether `token` is a live device token of `personUid`. A token of another person, an unknown
 * or expired one, or none is false: only the person's own browsers count.
 */
export async function isKnownDevice(repo: Pick<KnownDevicesRepository, 'personOf'>, token: string | undefined, personUid: string | null, at: Date): Promise<boolean> {
  if (!token) return false;
  const owner = await repo.personOf(tokenHash(token), at);
  return owner !== null && owner === personUid;
}

/**
 * The device token a successful sign-in answers: the one the browser sent, refreshed, when it is
 * this person's; else a new one (only its hash is stored).
 */
export async function deviceTokenFor(repo: Pick<KnownDevicesRepository, 'refresh' | 'insert'>, personUid: string, presented: { token: string; known: boolean } | null, at: Date): Promise<string> {
  if (presented?.known) {
    await repo.refresh(tokenHash(presented.token), personUid, at, expiry(at));
    return presented.token;
  }
  const token = newSecretToken();
  await repo.insert({ tokenHash: tokenHash(token), personUid, at, expires: expiry(at) });
  return token;
}
