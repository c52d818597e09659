import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** An empty PostgreSQL database of its own for a test that starts whole servers (they migrate it). */
export async function freshPostgresDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portico_srv_${process.pid}_${randomBytes(3).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try { await client.query(sql); } finally { await client.end(); }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
