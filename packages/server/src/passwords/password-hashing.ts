import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * The one place the password hash parameters live (docs/auth.md "Password hashing").
 * argon2id, 19 MiB, 2 passes, 1 lane: OWASP's first recommended argon2id setting, about
 * 30-60 ms per hash on one core of a small server. Hashes carry their parameters (PHC string),
 * so raising these later re-hashes nobody; old hashes still verify.
 */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum in the typings, so spelled as its value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** Hashes the password exactly as typed: no trimming, no truncation, no normalization. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of a random password nobody knows, made once per process with the same parameters.
 * Sign-in verifies against it when the email is unknown (or has no password), so a wrong
 * email costs the same argon2 work as a wrong password and timing tells nothing.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64'));
  return dummy;
}
