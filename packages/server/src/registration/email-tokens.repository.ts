import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';

/** confirm-email: sign-up confirmation; reset: forgot password; invite: a team invitation (set a password and join). */
export type EmailTokenPurpose = 'confirm-email' | 'reset' | 'invite';

export interface LiveEmailToken { personUid: string; accountUid: string | null; purpose: EmailTokenPurpose }

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
    /**
     * Like use, for a token of any of `purposes`: marked used in the same statement that checks it,
     * so of two requests with one token exactly one gets the row (the other sees it used).
     */
    async useAny(tokenHash: string, purposes: readonly EmailTokenPurpose[], at: Date): Promise<LiveEmailToken | null> {
      const [row] = await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.tokenHash, tokenHash), inArray(emailTokens.purpose, [...purposes]), isNull(emailTokens.used), gt(emailTokens.expires, at)))
        .returning({ personUid: emailTokens.personUid, accountUid: emailTokens.accountUid, purpose: emailTokens.purpose });
      return row ? { ...row, purpose: row.purpose as EmailTokenPurpose } : null;
    },
    /** A live token (unused, unexpired, one of `purposes`) without using it: reset options, the password check. */
    async peek(tokenHash: string, purposes: readonly EmailTokenPurpose[], at: Date): Promise<LiveEmailToken | null> {
      const [row] = await db.select({ personUid: emailTokens.personUid, accountUid: emailTokens.accountUid, purpose: emailTokens.purpose }).from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), inArray(emailTokens.purpose, [...purposes]), isNull(emailTokens.used), gt(emailTokens.expires, at)));
      return row ? { ...row, purpose: row.purpose as EmailTokenPurpose } : null;
    },
    /** Ends a person's unused tokens of one purpose (a new reset link makes the older ones stop working). */
    async invalidate(personUid: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
      await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.personUid, personUid), eq(emailTokens.purpose, purpose), isNull(emailTokens.used)));
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;
