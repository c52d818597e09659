import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (32 random bytes, base64url) for a nonce or an email link. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a database leak gives no usable links or nonces. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
