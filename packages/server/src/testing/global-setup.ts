import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { seedFromConfig } from '../config/seed-from-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds the demo company once per run: a dumped PGlite data folder
 * (each test file starts from it in ~0.4 s), and, when TEST_DATABASE_URL is set,
 * a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-test-'));
  const config = loadCompanyConfig();
  const url = process.env.TEST_DATABASE_URL;
  let template = '';
  if (url) {
    template = `portico_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openDatabase({ url: u.toString() });
    await db.migrate();
    await seedFromConfig(db.db, config);
    await db.close();
  } else {
    const db = await openDatabase({});
    await db.migrate();
    await seedFromConfig(db.db, config);
    const dump = await db.pglite!.dumpDataDir('none');
    writeFileSync(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'template.tar'));
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'portico_t_${process.pid}_%' OR datname = $1`, [template]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}
