import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { ServerClock } from '../clock/server-clock.ts';
import type { SigningKeysRepository, StoredSigningKey } from './signing-keys.repository.ts';
import type { KeyEncryption } from './key-encryption.ts';

export const TOKEN_ALG = 'ES256';
const DAY_MS = 86_400_000;
/** How long a node trusts its cached key list; a retired key stays published this much longer too. */
const CACHE_MS = 60_000;
const FORCED_READ_MS = 5_000;

export interface KeyRing {
  /** The key new tokens are signed with; made (or rotated) on demand. */
  signingKey(): Promise<{ kid: string; key: CryptoKey }>;
  /** A published key by id, for verification; null for an unknown or withdrawn key. */
  verificationKey(kid: string): Promise<CryptoKey | null>;
  /** The public keys whose tokens may still be live (GET /.well-known/jwks.json). */
  jwks(): Promise<{ keys: JWK[] }>;
}

export interface KeyRingOptions {
  repo: SigningKeysRepository;
  clock: ServerClock;
  sealer: KeyEncryption;
  rotationDays: number;
  /** The longest an access token lives: a retired key stays in the JWKS this long. */
  tokenLifetimeMs: number;
  onWarning?: (message: string) => void;
}

/**
 * ES256 signing keys kept in the database, so every node signs with the same key and the JWKS
 * is the same everywhere. The first token makes the first key; a key older than rotationDays is
 * retired (still published until its last token expires) and a new one made. Two nodes rotating
 * at once each make a key: both are published, and the newest wins on the next read.
 */
export function createKeyRing(o: KeyRingOptions): KeyRing {
  let cache: { at: number; keys: StoredSigningKey[] } | null = null;
  const imported = new Map<string, CryptoKey>();
  let rotating: Promise<void> | null = null;
  let lastForced = 0;

  async function keys(force = false): Promise<StoredSigningKey[]> {
    const now = Date.now();
    if (force || !cache || now - cache.at > CACHE_MS) cache = { at: now, keys: await o.repo.list() };
    return cache.keys;
  }

  const published = (k: StoredSigningKey, now: Date) => k.notAfter === null || k.notAfter > now;

  async function privateKey(k: StoredSigningKey): Promise<CryptoKey | null> {
    const id = `private:${k.kid}`;
    const hit = imported.get(id);
    if (hit) return hit;
    const plain = o.sealer.decrypt(k.privateJwk);
    if (plain === null) return null;
    const key = await importJWK(JSON.parse(plain) as JWK, k.alg) as CryptoKey;
    imported.set(id, key);
    return key;
  }

  async function rotate(): Promise<void> {
    const now = o.clock.now();
    const { publicKey, privateKey: secret } = await generateKeyPair(TOKEN_ALG, { extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALG, use: 'sig' };
    await o.repo.insert({
      kid, alg: TOKEN_ALG, publicJwk, privateJwk: o.sealer.encrypt(JSON.stringify(await exportJWK(secret))),
      created: now, retired: null, notAfter: null,
    });
    const notAfter = new Date(now.getTime() + o.tokenLifetimeMs + CACHE_MS);
    for (const k of await keys(true)) if (k.kid !== kid && k.retired === null) await o.repo.retire(k.kid, now, notAfter);
    await keys(true);
  }

  async function current(): Promise<{ row: StoredSigningKey; key: CryptoKey } | null> {
    const now = o.clock.now();
    for (const row of await keys()) {
      if (row.retired !== null) continue;
      if (now.getTime() - row.created.getTime() >= o.rotationDays * DAY_MS) return null;
      const key = await privateKey(row);
      if (key) return { row, key };
      o.onWarning?.(`Signing key ${row.kid} cannot be decrypted with PORTICO_KEY_ENCRYPTION_KEY; a new key is made.`);
      return null;
    }
    return null;
  }

  return {
    async signingKey() {
      let found = await current();
      if (!found) {
        rotating ??= rotate().finally(() => { rotating = null; });
        await rotating;
        found = await current();
      }
      if (!found) throw new Error('No usable token signing key after rotation.');
      return { kid: found.row.kid, key: found.key };
    },
    async verificationKey(kid) {
      const now = o.clock.now();
      let row = (await keys()).find((k) => k.kid === kid);
      // Another node may have made the key since this one read the list; re-read at most every few
      // seconds, so tokens with made-up kids cannot turn into one database read each.
      if (!row && Date.now() - lastForced > FORCED_READ_MS) {
        lastForced = Date.now();
        row = (await keys(true)).find((k) => k.kid === kid);
      }
      if (!row || !published(row, now)) return null;
      const id = `public:${kid}`;
      let key = imported.get(id);
      if (!key) {
        key = await importJWK(row.publicJwk as JWK, row.alg) as CryptoKey;
        imported.set(id, key);
      }
      return key;
    },
    async jwks() {
      const now = o.clock.now();
      return { keys: (await keys()).filter((k) => published(k, now)).map((k) => k.publicJwk as JWK) };
    },
  };
}
