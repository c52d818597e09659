import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/** Key/value settings kept in the database (seed hashes, the test clock). */
export function settingsRepository(db: Db) {
  return {
    async get<T>(key: string): Promise<T | null> {
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      return row ? (row.value as T) : null;
    },
    async set(key: string, value: unknown): Promise<void> {
      await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updated: new Date() } });
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
