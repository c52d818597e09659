import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SignInCodesRepository } from './sign-in-codes.repository.ts';

/** A mailed sign-in code works this long (docs/auth.md "Lockout and known browsers"). */
export const SIGNIN_CODE_TTL_MINUTES = 10;
/** Wrong guesses a code survives; the one that reaches this ends it. */
export const SIGNIN_CODE_MAX_GUESSES = 5;
/** A tripped sign-in mails no new code while the live one has at least this long left (the mail already sent carries it). */
export const SIGNIN_CODE_REUSE_MINUTES = 5;

/** Six random digits, leading zeros kept. */
export function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newCodeSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** What is stored of a code: SHA-256 over its salt and the digits. */
export function signInCodeHash(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url');
}

/** Typed codes may carry spaces or dashes ('123 456'); anything but six digits is simply wrong. */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

export type CodeCheck = 'used' | 'wrong';

/**
 * Checks a typed code against the owner's live code (a person's, or an operator's through their repository). `countGuess` is false when the password
 * was wrong: then nothing is used or counted (a stranger cannot burn the owner's code), yet the
 * same read and the same update statement run, so the timing does not tell the two apart.
 */
export async function checkSignInCode(
  repo: Pick<SignInCodesRepository, 'live' | 'use' | 'miss'>, ownerUid: string | null, typed: string, at: Date, countGuess: boolean,
): Promise<CodeCheck> {
  const live = await repo.live(ownerUid ?? '', at, SIGNIN_CODE_MAX_GUESSES);
  const code = normalizeCode(typed);
  const expected = Buffer.from(live?.tokenHash ?? '', 'utf8');
  const got = Buffer.from(live ? signInCodeHash(live.salt, code) : '', 'utf8');
  const matches = live !== null && /^\d{6}$/.test(code) && expected.length === got.length && timingSafeEqual(expected, got);
  if (matches && countGuess) return (await repo.use(live.tokenHash, at)) ? 'used' : 'wrong';
  await repo.miss(countGuess ? live?.tokenHash ?? null : null, at, SIGNIN_CODE_MAX_GUESSES);
  return 'wrong';
}
