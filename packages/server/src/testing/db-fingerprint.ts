import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * A hash of every row of every table (timestamps included, so an update that wrote the
 * same values still shows): equal before and after a request means it wrote nothing.
 * Cheap on a test database of a few hundred rows.
 */
export async function fingerprinter(database: Database, options: { ignore?: string[] } = {}): Promise<() => Promise<string>> {
  const tables = rowsOf(await database.db.execute(sql`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).map((r) => String(r.table_name))
    .filter((name) => !options.ignore?.includes(name));
  const query = tables
    .map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`)
    .join(' union all ');
  return async () => rowsOf(await database.db.execute(sql.raw(query))).map((r) => `${r.t}:${r.h}`).sort().join(',');
}
