import { desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { signingKeys } from '../db/schema.ts';

export interface StoredSigningKey {
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  /** Encrypted (key-encryption.ts); never leaves the server. */
  privateJwk: string;
  created: Date;
  retired: Date | null;
  notAfter: Date | null;
}

/** The only module that reads and writes token signing keys. */
export function signingKeysRepository(db: Db) {
  return {
    /** Every key, newest first. */
    async list(): Promise<StoredSigningKey[]> {
      return db.select().from(signingKeys).orderBy(desc(signingKeys.created), desc(signingKeys.kid));
    },
    async insert(k: StoredSigningKey): Promise<void> {
      await db.insert(signingKeys).values(k);
    },
    /** Stops signing with a key; it stays published until notAfter, when its last token has expired. */
    async retire(kid: string, at: Date, notAfter: Date): Promise<void> {
      await db.update(signingKeys).set({ retired: at, notAfter }).where(eq(signingKeys.kid, kid));
    },
    async activeCount(): Promise<number> {
      return (await db.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retired))).length;
    },
  };
}

export type SigningKeysRepository = ReturnType<typeof signingKeysRepository>;
