import { isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import {
  accounts, addresses, discountCouponSubscriptions, emailTokens, files, idempotencyKeys, invoices, nonces, outbox, paymentInformation,
  payments, people, personAccounts, subscriptionAddOns, subscriptions,
} from './schema.ts';

/**
 * Row counts of the tables requests write: tests assert that a refused request wrote
 * nothing (a registration refused for a declined card leaves no account, no file, no
 * consumed nonce).
 */
export function rowCountsRepository(db: Db) {
  const count = async (table: PgTable, where?: SQL) =>
    Number((await db.select({ n: sql<number>`count(*)` }).from(table).where(where))[0]?.n ?? 0);
  return {
    async counts(): Promise<Record<string, number>> {
      return {
        accounts: await count(accounts), addresses: await count(addresses), people: await count(people),
        personAccounts: await count(personAccounts), subscriptions: await count(subscriptions),
        subscriptionAddOns: await count(subscriptionAddOns), discountCouponSubscriptions: await count(discountCouponSubscriptions),
        idempotencyKeys: await count(idempotencyKeys), files: await count(files), consumedNonces: await count(nonces, isNotNull(nonces.consumed)),
        emailTokens: await count(emailTokens), invoices: await count(invoices), payments: await count(payments),
        paymentInformation: await count(paymentInformation), outbox: await count(outbox),
      };
    },
  };
}
