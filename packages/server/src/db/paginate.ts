import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Page, PageRequest } from '../http/list.ts';
import type { Db } from './database.ts';

/**
 * One page of a query, paged by the database: the rows at LIMIT/OFFSET and the count of
 * every row the query matches. `query` builds a fresh dynamic select each call (drizzle's
 * builders are mutable). Limit -1 means every row from the offset.
 */
export async function paginate<Q extends PgSelect>(db: Db, query: () => Q, page: PageRequest): Promise<Page<Awaited<Q>[number]>> {
  const counted = (await db.execute(sql`select count(*) as n from (${query().getSQL()}) as counted`) as unknown as { rows: { n: number | string }[] }).rows[0];
  const q = query();
  const rows = await (page.limit === -1 ? q.offset(page.offset) : q.limit(page.limit).offset(page.offset));
  return { items: rows as Awaited<Q>[number][], total: Number(counted?.n ?? 0) };
}
