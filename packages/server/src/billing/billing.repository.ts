import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { accounts, discountCouponSubscriptions, idempotencyKeys, people, personAccounts, subscriptionAddOns, subscriptions } from '../db/schema.ts';
import { accountsRepository, type AccountsRepository } from './accounts.repository.ts';
import { subscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository.ts';

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/** How long an Idempotency-Key answer is replayed; after that the key may be used again. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const expired = sql`${idempotencyKeys.created} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/** Idempotency-Key answers (table idempotency_keys), kept for IDEMPOTENCY_KEY_HOURS. */
export function idempotencyRepository(db: Db) {
  return {
    async find(scope: string, key: string): Promise<StoredAnswer | null> {
      const [row] = await db.select().from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), sql`not (${expired})`));
      return row ? { requestHash: row.requestHash, statusCode: row.statusCode, response: row.response } : null;
    },
    async save(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      // Expired answers go first (indexed by created), so the table stays small and an old key can be reused.
      await db.delete(idempotencyKeys).where(expired);
      await db.insert(idempotencyKeys).values({ scope, key, ...answer });
    },
  };
}

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;

/** The billing repositories over one handle, and a transaction giving the same set over the transaction. */
export interface BillingRepositories {
  accounts: AccountsRepository;
  subscriptions: SubscriptionsRepository;
  idempotency: IdempotencyRepository;
  transaction<T>(fn: (repos: BillingRepositories) => Promise<T>): Promise<T>;
  /** Row counts of the tables billing writes (tests assert nothing is written on a rejection). */
  counts(): Promise<Record<string, number>>;
}

export function billingRepositories(db: Db): BillingRepositories {
  return {
    accounts: accountsRepository(db),
    subscriptions: subscriptionsRepository(db),
    idempotency: idempotencyRepository(db),
    transaction<T>(fn: (repos: BillingRepositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(billingRepositories(tx as unknown as Db)));
    },
    async counts(): Promise<Record<string, number>> {
      const count = async (table: PgTable) =>
        Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0);
      return {
        accounts: await count(accounts), people: await count(people), personAccounts: await count(personAccounts),
        subscriptions: await count(subscriptions), subscriptionAddOns: await count(subscriptionAddOns),
        discountCouponSubscriptions: await count(discountCouponSubscriptions), idempotencyKeys: await count(idempotencyKeys),
      };
    },
  };
}
