import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';

/**
 * confirm-email: a sign-up's mailed link (confirm the email; for a person without a password, also set one); reset: forgot password; invite: a team invitation (set a password and join);
 * email_change: the link mailed to a new address (data.newEmail); email_change_undo: the notice's undo link to the old one (data.oldEmail).
 */
export type EmailTokenPurpose = 'confirm-email' | 'reset' | 'invite' | 'email_change' | 'email_change_undo' | 'list_confirm';

export interface LiveEmailToken { personUid: string; accountUid: string | null; purpose: EmailTokenPurpose }

/** Single-use tokens sent by email, stored as their SHA-256 only. */
export function emailTokensRepository(db: Db) {
  return {
    async insert(t: { tokenHash: string; purpose: EmailTokenPurpose; personUid: string; accountUid: string | null; expires: Date; data?: Record<string, unknown> }): Promise<void> {
      await db.insert(emailTokens).values(t);
    },
    /**
     * Uses a live token of one purpose and answers what it carries: checked and marked in one
     * statement, so of two requests with one token exactly one gets it. Null when unknown, used or expired.
     */
    async take(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<{ personUid: string; data: Record<string, unknown> } | null> {
      const [row] = await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.used), gt(emailTokens.expires, at)))
        .returning({ personUid: emailTokens.personUid, data: emailTokens.data });
      return row ?? null;
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
    /**
     * A token of one of `purposes` whatever its state: tells a spent link (used_at set) from an
     * unknown one. Only the token's holder can ask, so the answer tells nobody else anything.
     */
    async find(tokenHash: string, purposes: readonly EmailTokenPurpose[]): Promise<{ personUid: string; purpose: EmailTokenPurpose; used: Date | null; expires: Date } | null> {
      const [row] = await db.select({ personUid: emailTokens.personUid, purpose: emailTokens.purpose, used: emailTokens.used, expires: emailTokens.expires }).from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), inArray(emailTokens.purpose, [...purposes])));
      return row ? { ...row, purpose: row.purpose as EmailTokenPurpose } : null;
    },
    /** Ends a person's unused tokens of these purposes (an email change's undo ends every link that was mailed meanwhile). */
    async invalidateAll(personUid: string, purposes: readonly EmailTokenPurpose[], at: Date): Promise<number> {
      const rows = await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.personUid, personUid), inArray(emailTokens.purpose, [...purposes]), isNull(emailTokens.used)))
        .returning({ tokenHash: emailTokens.tokenHash });
      return rows.length;
    },
    /** Ends a person's unused tokens of one purpose tied to one account (a resent or withdrawn team invitation). */
    async invalidateForAccount(personUid: string, purpose: EmailTokenPurpose, accountUid: string, at: Date): Promise<void> {
      await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.personUid, personUid), eq(emailTokens.purpose, purpose), eq(emailTokens.accountUid, accountUid), isNull(emailTokens.used)));
    },
    /** Ends a person's unused tokens of one purpose (a new reset link makes the older ones stop working). */
    async invalidate(personUid: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
      await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.personUid, personUid), eq(emailTokens.purpose, purpose), isNull(emailTokens.used)));
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;
