import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files, supportAttachments } from '../db/schema.ts';

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
    /**
     * A file anyone may fetch by its uid (a profile image): never a support case's attachment,
     * which only the admin API serves (issue 18, docs/support.md).
     */
    async getPublic(uid: string): Promise<StoredFile | null> {
      const [row] = await db.select().from(files).where(and(eq(files.uid, uid),
        notExists(db.select({ uid: supportAttachments.uid }).from(supportAttachments).where(eq(supportAttachments.fileUid, files.uid)))));
      return row ?? null;
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
