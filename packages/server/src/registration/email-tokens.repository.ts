import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';

export type EmailTokenPurpose = 'confirm-email';

/** Single-use tokens sent by email, stored as their SHA-256 only. */
export function emailTokensRepository(db: Db) {
  return {
    async insert(t: { tokenHash: string; purpose: EmailTokenPurpose; personUid: string; accountUid: string | null; expires: Date }): Promise<void> {
      await db.insert(emailTokens).values(t);
    },
    /** Marks the token used and names its person; null when it is unknown, used, expired or for another purpose. */
    async use(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<{ personUid: string; accountUid: string | null } | null> {
      const [row] = await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.used), gt(emailTokens.expires, at)))
        .returning({ personUid: emailTokens.personUid, accountUid: emailTokens.accountUid });
      return row ?? null;
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;
