import { newSecretToken, tokenHash } from '../registration/secret-token.ts';
import type { KnownDevicesRepository } from './known-devices.repository.ts';

/** A device token lives this long after its last sign-in (docs/auth.md "Lockout and known browsers"). */
export const KNOWN_DEVICE_TTL_DAYS = 180;

/** The longest device token accepted in a request (ours are 43 characters). */
export const DEVICE_TOKEN_MAX_LENGTH = 100;

const expiry = (at: Date) => new Date(at.getTime() + KNOWN_DEVICE_TTL_DAYS * 86_400_000);

/**
 * Whether `token` is a live device token of `ownerUid` (a person, or an operator with their own
 * repository). A token of someone else, an unknown or expired one, or none is false: only the
 * owner's own browsers count.
 */
export async function isKnownDevice(repo: Pick<KnownDevicesRepository, 'ownerOf'>, token: string | undefined, ownerUid: string | null, at: Date): Promise<boolean> {
  if (!token) return false;
  const owner = await repo.ownerOf(tokenHash(token), at);
  return owner !== null && owner === ownerUid;
}

/**
 * The device token a successful sign-in answers: the one the browser sent, refreshed, when it is
 * this owner's; else a new one (only its hash is stored).
 */
export async function deviceTokenFor(repo: Pick<KnownDevicesRepository, 'refresh' | 'insert'>, ownerUid: string, presented: { token: string; known: boolean } | null, at: Date): Promise<string> {
  if (presented?.known) {
    await repo.refresh(tokenHash(presented.token), ownerUid, at, expiry(at));
    return presented.token;
  }
  const token = newSecretToken();
  await repo.insert({ tokenHash: tokenHash(token), ownerUid, at, expires: expiry(at) });
  return token;
}
