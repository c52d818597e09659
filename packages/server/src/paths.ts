import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found by walking up from this module: the same
 * answer whether the code runs from src/ (tests, tsx) or from the dist/ bundle.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@portico/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @portico/server package folder');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
export const DEMO_CONFIG_PATH = path.join(SERVER_ROOT, 'config', 'demo-company.yaml');
/** Derived files that can always be remade (PGlite template, parsed config). */
export const CACHE_DIR = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.cache', 'portico');
export const DEFAULT_WIDGET_DIST = path.join(SERVER_ROOT, '..', 'widget', 'dist');
/** Where embedded PGlite persists when PORTICO_DATA_DIR is not set (relative to the working folder). */
export const DEFAULT_DATA_DIR = '.portico-data';
