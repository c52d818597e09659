import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from './database.ts';
import { planFamilies } from './schema.ts';
import { startPgliteThread } from './pglite-thread.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { seedFromConfig } from '../config/seed-from-config.ts';

// npm start runs PGlite in a worker thread; these check that it keeps the guarantees of the
// in-process PGlite the rest of the suite uses: transactions, rollback, error codes.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-thread-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('PGlite in a worker thread (npm start)', () => {
  let database: Database;
  beforeAll(async () => {
    // The PostgreSQL run of this suite has no PGlite template: the worker then runs initdb itself.
    const template = inject('pgliteTemplate');
    database = await openDatabase({ dataDir: path.join(tmp, 'db'), thread: { templateFile: existsSync(template) ? template : undefined } });
    await database.migrate();
    await seedFromConfig(database.db, loadCompanyConfig()); // a no-op on the template: nothing changed
  });
  afterAll(async () => { await database?.close(); });

  it('migrates, seeds and answers drizzle queries through the thread', async () => {
    const rows = await database.db.select().from(planFamilies).where(eq(planFamilies.uid, 'fam-analytics'));
    expect(rows[0]?.name).toBeTruthy();
  });

  it('runs with the embedded settings (pglite-settings.ts): 16 MB of shared buffers, not 128', async () => {
    const { rows } = await database.db.execute(sql`show shared_buffers`) as unknown as { rows: { shared_buffers: string }[] };
    expect(rows[0]?.shared_buffers).toBe('16MB');
  });

  it('a query sent during a transaction waits for its commit, as in-process PGlite does', async () => {
    const seen: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.insert(planFamilies).values({ uid: 'fam-thread-a', name: 'A' });
      await new Promise((r) => setTimeout(r, 50));
      await t.insert(planFamilies).values({ uid: 'fam-thread-b', name: 'B' });
      seen.push('committed');
    });
    const outside = database.db.select({ n: count() }).from(planFamilies).where(eq(planFamilies.name, 'B')).then((r) => { seen.push(`outside saw ${r[0]!.n}`); });
    await Promise.all([tx, outside]);
    expect(seen).toEqual(['committed', 'outside saw 1']);
  });

  it('a failed transaction leaves nothing, and the Postgres error code reaches the caller', async () => {
    const failed = database.db.transaction(async (t) => {
      await t.insert(planFamilies).values({ uid: 'fam-thread-c', name: 'C' });
      await t.insert(planFamilies).values({ uid: 'fam-thread-a', name: 'duplicate' });
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: '23505' } });
    const left = await database.db.select().from(planFamilies).where(eq(planFamilies.uid, 'fam-thread-c'));
    expect(left).toEqual([]);
  });

  it('keeps what was written across a close and reopen of the folder', async () => {
    await database.close();
    database = await openDatabase({ dataDir: path.join(tmp, 'db'), thread: {} });
    const rows = await database.db.select().from(planFamilies).where(eq(planFamilies.uid, 'fam-thread-b'));
    expect(rows.map((r) => r.name)).toEqual(['B']);
  });
});

/** Whether a process with this pid still exists (a child that has exited and been reaped does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

describe('a folder with no template: initdb in a child process', () => {
  it('runs initdb out of this process; the child has exited once PGlite is ready, and the thread serves the new folder', async () => {
    const dir = path.join(tmp, 'fresh', 'pglite');
    const client = startPgliteThread({ dataDir: dir });
    try {
      const pid = client.initdb?.pid;
      expect(pid).toBeTypeOf('number');
      expect(pid).not.toBe(process.pid);
      await client.ready;
      expect(alive(pid!)).toBe(false);
      const { rows } = await client.query('show shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
      // Made beside the folder and renamed in; the child kept Postgres's files private too.
      expect(existsSync(`${dir}.initdb`)).toBe(false);
      expect(statSync(path.join(dir, 'PG_VERSION')).mode & 0o077).toBe(0);
      expect(statSync(dir).mode & 0o077).toBe(0);
    } finally {
      await client.close();
    }
  }, 90_000);

  it('kills the child when initdb outlasts its timeout, and leaves no half database', async () => {
    const dir = path.join(tmp, 'timeout', 'pglite');
    const client = startPgliteThread({ dataDir: dir }, { initdbTimeoutMs: 1 });
    await expect(client.ready).rejects.toThrow(/PGlite could not open .*: initdb did not finish within 0.001 s; its process was killed/);
    expect(alive(client.initdb!.pid!)).toBe(false);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    await client.close();
  });

  it('a close during initdb (a refused start) kills the child at once', async () => {
    const dir = path.join(tmp, 'closed', 'pglite');
    const client = startPgliteThread({ dataDir: dir });
    await client.close();
    expect(alive(client.initdb!.pid!)).toBe(false);
    await expect(client.ready).rejects.toThrow(/initdb was stopped: the server closed before it finished/);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
  });
});

describe('PGlite thread failing to open', () => {
  it('reports the reason on the first query instead of hanging, and closes cleanly', async () => {
    const notAFolder = path.join(tmp, 'a-file');
    writeFileSync(notAFolder, 'not a database');
    const client = startPgliteThread({ dataDir: notAFolder });
    const reason = new RegExp(`PGlite could not open ${notAFolder}: initdb failed: ${notAFolder} exists and is not a folder`);
    await expect(client.query('select 1')).rejects.toThrow(reason);
    await expect(client.ready).rejects.toThrow(reason);
    expect(alive(client.initdb!.pid!)).toBe(false);
    await client.close();
  });
});
