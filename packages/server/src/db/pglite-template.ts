import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from '../paths.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { seedFromConfig } from '../config/seed-from-config.ts';
import { openDatabase } from './database.ts';

/**
 * A fresh PGlite data folder costs seconds of initdb; a dumped, already migrated
 * and seeded one loads in well under one. `npm install` makes this template once
 * for the demo company config, keyed by the migrations and the config file's text,
 * and the first start on an empty data folder with that same config loads it.
 */
function templateKey(configFile: string): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort()) {
    h.update(f).update(readFileSync(path.join(MIGRATIONS_FOLDER, f)));
  }
  h.update(readFileSync(configFile));
  return h.digest('hex').slice(0, 16);
}

export function pgliteTemplatePath(configFile: string): string {
  return path.join(SERVER_ROOT, '..', '..', 'node_modules', '.cache', 'portico', `pglite-${templateKey(configFile)}.tar`);
}

export function readPgliteTemplate(configFile: string): Blob | undefined {
  const file = pgliteTemplatePath(configFile);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

export async function writePgliteTemplate(configFile: string): Promise<string> {
  const file = pgliteTemplatePath(configFile);
  if (existsSync(file)) return file;
  const db = await openDatabase({});
  await db.migrate();
  await seedFromConfig(db.db, loadCompanyConfig(configFile));
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  return file;
}
