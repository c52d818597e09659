import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { PERSON_TOKENS, OPERATOR_TOKENS, type MailedTokenTable } from '../registration/email-tokens.repository.ts';

/** The email_tokens purpose of a mailed sign-in code (docs/auth.md "Lockout and known browsers"). */
export const SIGNIN_CODE_PURPOSE = 'signin-code';

export interface LiveSignInCode {
  tokenHash: string;
  /** Random per code, so two people (or two mails) with the same six digits never share a stored hash. */
  salt: string;
  expires: Date;
}

/**
 * Mailed sign-in codes, kept in the owner's mailed-token table (people: email_tokens, operators:
 * operator_email_tokens) as a salted SHA-256 (purpose `signin-code`), with the wrong guesses counted
 * in `attempts`. An owner has at most one live code: a new one ends the older.
 */
export function signInCodesRepository(db: Db, of: MailedTokenTable = PERSON_TOKENS) {
  const t = of.table;
  const live = (ownerUid: string, at: Date, maxGuesses: number) => and(
    eq(of.owner, ownerUid), eq(t.purpose, SIGNIN_CODE_PURPOSE), isNull(t.used), gt(t.expires, at), lt(t.attempts, maxGuesses),
  );
  return {
    /** The owner's newest code still usable at `at` (unused, unexpired, fewer than `maxGuesses` wrong guesses). */
    async live(ownerUid: string, at: Date, maxGuesses: number): Promise<LiveSignInCode | null> {
      const [row] = await db.select({ tokenHash: t.tokenHash, data: t.data, expires: t.expires }).from(t)
        .where(live(ownerUid, at, maxGuesses)).orderBy(desc(t.created)).limit(1);
      return row ? { tokenHash: row.tokenHash, salt: String(row.data.salt ?? ''), expires: row.expires } : null;
    },
    /** A new code; the owner's older unused codes end in the same statement. */
    async replace(c: { tokenHash: string; salt: string; ownerUid: string; at: Date; expires: Date }): Promise<void> {
      const end = db.update(t).set({ used: c.at })
        .where(and(eq(of.owner, c.ownerUid), eq(t.purpose, SIGNIN_CODE_PURPOSE), isNull(t.used)));
      const insert = db.insert(t).values({
        tokenHash: c.tokenHash, purpose: SIGNIN_CODE_PURPOSE, expires: c.expires, data: { salt: c.salt }, created: c.at, ...of.ownerRow(c.ownerUid, null),
      });
      await db.execute(sql`with ended as (${end.getSQL()}) ${insert.getSQL()}`);
    },
    /** Uses the code: true for exactly one of two requests racing with it. */
    async use(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db.update(t).set({ used: at })
        .where(and(eq(t.tokenHash, tokenHash), eq(t.purpose, SIGNIN_CODE_PURPOSE), isNull(t.used), gt(t.expires, at)))
        .returning({ tokenHash: t.tokenHash });
      return rows.length === 1;
    },
    /**
     * Counts a wrong guess against the code; the guess that reaches `maxGuesses` ends it. With a
     * null hash nothing matches, and the statement runs all the same (equal work for a wrong password).
     */
    async miss(tokenHash: string | null, at: Date, maxGuesses: number): Promise<void> {
      await db.update(t).set({
        attempts: sql`${t.attempts} + 1`,
        used: sql`case when ${t.attempts} + 1 >= ${maxGuesses} then ${at.toISOString()}::timestamptz else null end`,
      }).where(and(eq(t.tokenHash, tokenHash ?? ''), eq(t.purpose, SIGNIN_CODE_PURPOSE), isNull(t.used)));
    },
  };
}

export type SignInCodesRepository = ReturnType<typeof signInCodesRepository>;

/** An operator's sign-in codes (operator_email_tokens): the same statements. */
export const operatorSignInCodesRepository = (db: Db) => signInCodesRepository(db, OPERATOR_TOKENS);
