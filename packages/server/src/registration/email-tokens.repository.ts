import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens, operatorEmailTokens } from '../db/schema.ts';

/**
 * confirm-email: a sign-up's mailed link (confirm the email; for a person without a password, also set one); reset: forgot password; invite: a team invitation (set a password and join);
 * email_change: the link mailed to a new address (data.newEmail); email_change_undo: the notice's undo link to the old one (data.oldEmail).
 * An operator's tokens (operator_email_tokens) use `invite`, `reset` and `signin-code`.
 */
export type EmailTokenPurpose = 'confirm-email' | 'reset' | 'invite' | 'email_change' | 'email_change_undo' | 'list_confirm';

export interface LiveEmailToken { personUid: string; accountUid: string | null; purpose: EmailTokenPurpose }

/**
 * Whose tokens a repository reads: people's (`email_tokens`) or operators' (`operator_email_tokens`).
 * The statements are the same; only the table and its owner column differ (docs/decisions.md
 * "Operators' mailed tokens and known browsers").
 */
export interface MailedTokenTable {
  table: typeof emailTokens | typeof operatorEmailTokens;
  owner: typeof emailTokens.personUid | typeof operatorEmailTokens.operatorUid;
  /** The owner's columns of a new row (people's tokens may also name an account). */
  ownerRow(ownerUid: string, accountUid: string | null): { personUid: string; accountUid: string | null } | { operatorUid: string };
  /** The owner's account column (people only); null where the table has none. */
  account: typeof emailTokens.accountUid | null;
}

export const PERSON_TOKENS: MailedTokenTable = {
  table: emailTokens, owner: emailTokens.personUid, account: emailTokens.accountUid, ownerRow: (personUid, accountUid) => ({ personUid, accountUid }),
};
export const OPERATOR_TOKENS: MailedTokenTable = {
  table: operatorEmailTokens, owner: operatorEmailTokens.operatorUid, account: null, ownerRow: (operatorUid) => ({ operatorUid }),
};

type Purpose = EmailTokenPurpose | 'signin-code';

/**
 * Single-use tokens sent by email, stored as their SHA-256 only, over one owner's table. The owner
 * is `ownerUid` here; emailTokensRepository (people's) and operatorEmailTokensRepository name it.
 */
function mailedTokens(db: Db, of: MailedTokenTable) {
  const t = of.table;
  const accountCol = of.account;
  const live = (tokenHash: string, purposes: readonly Purpose[], at: Date) =>
    and(eq(t.tokenHash, tokenHash), inArray(t.purpose, [...purposes]), isNull(t.used), gt(t.expires, at));
  const returned = { ownerUid: of.owner, purpose: t.purpose, data: t.data, ...(accountCol ? { accountUid: accountCol } : {}) };
  const shape = (row: { ownerUid: string; purpose: string; data: Record<string, unknown>; accountUid?: string | null } | undefined) =>
    (row ? { ownerUid: row.ownerUid, accountUid: row.accountUid ?? null, purpose: row.purpose as Purpose, data: row.data } : null);
  return {
    async insert(r: { tokenHash: string; purpose: Purpose; ownerUid: string; accountUid: string | null; expires: Date; data?: Record<string, unknown> }): Promise<void> {
      await db.insert(t).values({ tokenHash: r.tokenHash, purpose: r.purpose, expires: r.expires, ...(r.data ? { data: r.data } : {}), ...of.ownerRow(r.ownerUid, r.accountUid) });
    },
    /**
     * Uses a live token of one of `purposes` and answers what it carries: checked and marked in one
     * statement, so of two requests with one token exactly one gets it. Null when unknown, used or expired.
     */
    async use(tokenHash: string, purposes: readonly Purpose[], at: Date) {
      const [row] = await db.update(t).set({ used: at }).where(live(tokenHash, purposes, at)).returning(returned);
      return shape(row);
    },
    /** A live token (unused, unexpired, one of `purposes`) without using it: reset options, the password check. */
    async peek(tokenHash: string, purposes: readonly Purpose[], at: Date) {
      const [row] = await db.select(returned).from(t).where(live(tokenHash, purposes, at));
      return shape(row);
    },
    /**
     * A token of one of `purposes` whatever its state: tells a spent link (used_at set) from an
     * unknown one. Only the token's holder can ask, so the answer tells nobody else anything.
     */
    async find(tokenHash: string, purposes: readonly Purpose[]) {
      const [row] = await db.select({ ownerUid: of.owner, purpose: t.purpose, used: t.used, expires: t.expires }).from(t)
        .where(and(eq(t.tokenHash, tokenHash), inArray(t.purpose, [...purposes])));
      return row ?? null;
    },
    /** Ends an owner's unused tokens of these purposes (a new link makes the older ones stop working). */
    async invalidateAll(ownerUid: string, purposes: readonly Purpose[], at: Date): Promise<number> {
      const rows = await db.update(t).set({ used: at })
        .where(and(eq(of.owner, ownerUid), inArray(t.purpose, [...purposes]), isNull(t.used)))
        .returning({ tokenHash: t.tokenHash });
      return rows.length;
    },
  };
}

/** People's single-use tokens (`email_tokens`). */
export function emailTokensRepository(db: Db) {
  const m = mailedTokens(db, PERSON_TOKENS);
  const person = <R extends { ownerUid: string; accountUid: string | null; purpose: Purpose }>(row: R | null): LiveEmailToken | null =>
    (row ? { personUid: row.ownerUid, accountUid: row.accountUid, purpose: row.purpose as EmailTokenPurpose } : null);
  return {
    async insert(r: { tokenHash: string; purpose: EmailTokenPurpose; personUid: string; accountUid: string | null; expires: Date; data?: Record<string, unknown> }): Promise<void> {
      await m.insert({ ...r, ownerUid: r.personUid });
    },
    /** Uses a live token of one purpose and answers its person and what it carries; null when unknown, used or expired. */
    async take(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<{ personUid: string; data: Record<string, unknown> } | null> {
      const row = await m.use(tokenHash, [purpose], at);
      return row ? { personUid: row.ownerUid, data: row.data } : null;
    },
    /** Marks the token used and names its person; null when it is unknown, used, expired or for another purpose. */
    async use(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<{ personUid: string; accountUid: string | null } | null> {
      const row = await m.use(tokenHash, [purpose], at);
      return row ? { personUid: row.ownerUid, accountUid: row.accountUid } : null;
    },
    /**
     * Like use, for a token of any of `purposes`: marked used in the same statement that checks it,
     * so of two requests with one token exactly one gets the row (the other sees it used).
     */
    useAny: async (tokenHash: string, purposes: readonly EmailTokenPurpose[], at: Date) => person(await m.use(tokenHash, purposes, at)),
    /** A live token (unused, unexpired, one of `purposes`) without using it: reset options, the password check. */
    peek: async (tokenHash: string, purposes: readonly EmailTokenPurpose[], at: Date) => person(await m.peek(tokenHash, purposes, at)),
    /** A token whatever its state (spent-link.ts tells a used sign-up link from an unknown one). */
    async find(tokenHash: string, purposes: readonly EmailTokenPurpose[]): Promise<{ personUid: string; purpose: EmailTokenPurpose; used: Date | null; expires: Date } | null> {
      const row = await m.find(tokenHash, purposes);
      return row ? { personUid: row.ownerUid, purpose: row.purpose as EmailTokenPurpose, used: row.used, expires: row.expires } : null;
    },
    /** Ends a person's unused tokens of these purposes (an email change's undo ends every link that was mailed meanwhile). */
    invalidateAll: (personUid: string, purposes: readonly EmailTokenPurpose[], at: Date) => m.invalidateAll(personUid, purposes, at),
    /** Ends a person's unused tokens of one purpose tied to one account (a resent or withdrawn team invitation). */
    async invalidateForAccount(personUid: string, purpose: EmailTokenPurpose, accountUid: string, at: Date): Promise<void> {
      await db.update(emailTokens).set({ used: at })
        .where(and(eq(emailTokens.personUid, personUid), eq(emailTokens.purpose, purpose), eq(emailTokens.accountUid, accountUid), isNull(emailTokens.used)));
    },
    /** Ends a person's unused tokens of one purpose (a new reset link makes the older ones stop working). */
    async invalidate(personUid: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
      await m.invalidateAll(personUid, [purpose], at);
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;

/** An operator's single-use tokens (`operator_email_tokens`): the same statements as people's. */
export function operatorEmailTokensRepository(db: Db) {
  const m = mailedTokens(db, OPERATOR_TOKENS);
  return {
    insert: (r: { tokenHash: string; purpose: OperatorTokenPurpose; operatorUid: string; expires: Date }) => m.insert({ ...r, ownerUid: r.operatorUid, accountUid: null }),
    use: async (tokenHash: string, purposes: readonly OperatorTokenPurpose[], at: Date) => operatorToken(await m.use(tokenHash, purposes, at)),
    peek: async (tokenHash: string, purposes: readonly OperatorTokenPurpose[], at: Date) => operatorToken(await m.peek(tokenHash, purposes, at)),
    invalidateAll: (operatorUid: string, purposes: readonly OperatorTokenPurpose[], at: Date) => m.invalidateAll(operatorUid, purposes, at),
  };
}

/** What an operator's mailed link is for: the admin's invitation (first password) or forgot password. */
export type OperatorTokenPurpose = 'invite' | 'reset';
const operatorToken = (row: { ownerUid: string; purpose: Purpose } | null) => (row ? { operatorUid: row.ownerUid, purpose: row.purpose as OperatorTokenPurpose } : null);

export type OperatorEmailTokensRepository = ReturnType<typeof operatorEmailTokensRepository>;
