import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';

/** The email_tokens purpose of a mailed sign-in code (docs/auth.md "Lockout and known browsers"). */
export const SIGNIN_CODE_PURPOSE = 'signin-code';

export interface LiveSignInCode {
  tokenHash: string;
  /** Random per code, so two people (or two mails) with the same six digits never share a stored hash. */
  salt: string;
  expires: Date;
}

/**
 * Mailed sign-in codes, kept in email_tokens as a salted SHA-256 (purpose `signin-code`), with the
 * wrong guesses counted in `attempts`. A person has at most one live code: a new one ends the older.
 */
export function signInCodesRepository(db: Db) {
  const live = (personUid: string, at: Date, maxGuesses: number) => and(
    eq(emailTokens.personUid, personUid), eq(emailTokens.purpose, SIGNIN_CODE_PURPOSE), isNull(emailTokens.used),
    gt(emailTokens.expires, at), lt(emailTokens.attempts, maxGuesses),
  );
  return {
    /** The person's newest code still usable at `at` (unused, unexpired, fewer than `maxGuesses` wrong guesses). */
    async live(personUid: string, at: Date, maxGuesses: number): Promise<LiveSignInCode | null> {
      const [row] = await db.select({ tokenHash: emailTokens.tokenHash, data: emailTokens.data, expires: emailTokens.expires }).from(emailTokens)
        .where(live(personUid, at, maxGuesses)).orderBy(desc(emailTokens.created)).limit(1);
      return row ? { tokenHash: row.tokenHash, salt: String(row.data.salt ?? ''), expires: row.expires } : null;
    },
    /** A new code; the person's older unused codes end in the same statement. */
    async replace(c: { tokenHash: string; salt: string; personUid: string; at: Date; expires: Date }): Promise<void> {
      const end = db.update(emailTokens).set({ used: c.at })
        .where(and(eq(emailTokens.personUid, c.personUid), eq(emailTokens.purpose, SIGNIN_CODE_PURPOSE), isNull(emailTokens.used)));
      const insert = db.insert(emailTokens).values({
        tokenHash: c.tokenHash, purpose: SIGNIN_CODE_PURPOSE, personUid: c.personUid, accountUid: null, expires: c.expires, data: { salt: c.salt }, created: c.at,
      });
      await db.execute(sql`with ended as (${end.getSQL()}) ${insert.getSQL()}`);
    },
    /** Uses the code: true for exactly one of two requests racing with it. */
    async use(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.used), gt(emailTokens.expires, at)))
        .returning({ tokenHash: emailTokens.tokenHash });
      return rows.length === 1;
    },
    /**
     * Counts a wrong guess against the code; the guess that reaches `maxGuesses` ends it. With a
     * null hash nothing matches, and the statement runs all the same (equal work for a wrong password).
     */
    async miss(tokenHash: string | null, at: Date, maxGuesses: number): Promise<void> {
      await db.update(emailTokens).set({
        attempts: sql`${emailTokens.attempts} + 1`,
        used: sql`case when ${emailTokens.attempts} + 1 >= ${maxGuesses} then ${at.toISOString()}::timestamptz else null end`,
      }).where(and(eq(emailTokens.tokenHash, tokenHash ?? ''), eq(emailTokens.purpose, SIGNIN_CODE_PURPOSE), isNull(emailTokens.used)));
    },
  };
}

export type SignInCodesRepository = ReturnType<typeof signInCodesRepository>;
