import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files } from '../db/schema.ts';

export interface StoredFile {
  uid: string;
  contentType: string;
  byteSize: number;
  bytes: Buffer;
  sha256: string;
  created: Date;
}

/** Uploaded files (profile images), already checked by content and size. */
export function filesRepository(db: Db) {
  return {
    async insert(f: Omit<StoredFile, 'created'>): Promise<void> {
      await db.insert(files).values(f);
    },
    async get(uid: string): Promise<StoredFile | null> {
      const [row] = await db.select().from(files).where(eq(files.uid, uid));
      return row ?? null;
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
