import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Development only: a fixed, public key, so restarts still read the stored signing keys. */
const DEVELOPMENT_SECRET = 'portico-development-key-encryption-key-not-secret';

export interface KeyEncryption {
  encrypt(plain: string): string;
  /** Null when the text was sealed under another key (PORTICO_KEY_ENCRYPTION_KEY changed). */
  decrypt(sealed: string): string | null;
  /** True when no PORTICO_KEY_ENCRYPTION_KEY was given and the public development key is used. */
  readonly development: boolean;
}

/**
 * AES-256-GCM over the private signing keys at rest, keyed by SHA-256 of
 * PORTICO_KEY_ENCRYPTION_KEY (at least 32 random characters; docs/auth.md). A database dump
 * alone then cannot mint tokens. Sealed form: `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export function keyEncryption(secret: string | undefined): KeyEncryption {
  const key = createHash('sha256').update(secret ?? DEVELOPMENT_SECRET).digest();
  return {
    development: !secret,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * Production refuses to start under the public development key: anyone with a database dump
 * could then mint tokens. Called by start-server before anything is loaded.
 */
export function requireKeyEncryptionKey(env: { NODE_ENV: string; PORTICO_KEY_ENCRYPTION_KEY?: string | undefined }): void {
  if (env.NODE_ENV === 'production' && !env.PORTICO_KEY_ENCRYPTION_KEY) {
    throw new Error('PORTICO_KEY_ENCRYPTION_KEY: required when NODE_ENV=production (at least 32 random characters, the same on every node; e.g. openssl rand -base64 32)');
  }
}
