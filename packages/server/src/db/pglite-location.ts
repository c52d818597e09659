import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, MIGRATIONS_FOLDER } from '../paths.ts';

/*
 * Where the embedded database lives and what an empty one starts from. Kept free of
 * heavy imports: main.ts calls it before the rest of the server has loaded.
 */

/** The install-time template is keyed by the migrations and the config file's text. */
function templateKey(configFile: string): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort()) {
    h.update(f).update(readFileSync(path.join(MIGRATIONS_FOLDER, f)));
  }
  h.update(readFileSync(configFile));
  return h.digest('hex').slice(0, 16);
}

export function pgliteTemplatePath(configFile: string): string {
  return path.join(CACHE_DIR, `pglite-${templateKey(configFile)}.tar`);
}

export interface PgliteLocation {
  /** The PGlite folder inside the data folder (created). */
  dir: string;
  /** The template an empty folder starts from, when npm install made one for this config. */
  templateFile: string | undefined;
}

export function pgliteLocation(dataDir: string, configFile: string): PgliteLocation {
  mkdirSync(dataDir, { recursive: true });
  const dir = path.join(dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) return { dir, templateFile: undefined };
  const template = existsSync(configFile) ? pgliteTemplatePath(configFile) : undefined;
  return { dir, templateFile: template && existsSync(template) ? template : undefined };
}
