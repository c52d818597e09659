import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { seedFromConfig } from '../config/seed-from-config.ts';
import { openDatabase } from './database.ts';
import { pgliteTemplatePath } from './pglite-location.ts';

/**
 * A fresh PGlite data folder costs seconds of initdb; a dumped, already migrated
 * and seeded one loads in well under one. `npm install` makes this template once
 * for the demo company config, keyed by the migrations and the config file's text,
 * and the first start on an empty data folder with that same config loads it
 * (pglite-location.ts).
 */
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
