import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { companyConfigSchema, type CompanyConfig } from './company-config.schema.ts';

import { CACHE_DIR, DEMO_CONFIG_PATH } from '../paths.ts';
export { DEMO_CONFIG_PATH };

export class ConfigError extends Error {}

/**
 * Validates an already-parsed config object, its `${PUBLIC_URL}` placeholders resolved first
 * (against DEFAULT_PUBLIC_URL unless `publicUrl` is given); errors name each bad key path.
 */
export function parseCompanyConfig(raw: unknown, source = 'config', o: { publicUrl?: string | undefined } = {}): CompanyConfig {
  const result = companyConfigSchema.safeParse(resolveConfigPlaceholders(raw, { publicUrl: o.publicUrl ?? DEFAULT_PUBLIC_URL }, source));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid company config ${source}:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * YAML text to data, through a cache of the result as JSON keyed by the text's hash:
 * loading and running the YAML parser costs ≈ 0.1 s of a start, JSON.parse well under 1 ms.
 * The cache is only a copy (validation always runs); if it cannot be written, nothing changes.
 */
function parseYaml(text: string): unknown {
  const cached = path.join(CACHE_DIR, `config-${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // not cached yet (or unreadable): parse the YAML below
  }
  const YAML = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const raw: unknown = YAML.parse(text);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(`${cached}.${process.pid}.tmp`, JSON.stringify(raw));
    renameSync(`${cached}.${process.pid}.tmp`, cached);
  } catch {
    // a read-only install: every start parses the YAML
  }
  return raw;
}

/** The public URL `${PUBLIC_URL}` stands for when none is given: the server's default, http://localhost:$PORT with PORT 3000. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;

/**
 * Replaces `${PUBLIC_URL}` in every string of a parsed config with the server's public URL (no
 * trailing slash), so a config's own links (post-login URL, confirmation link, terms, site origins)
 * follow the port or host the server runs at. Any other `${NAME}` is an error naming its key path:
 * a typo must not become a link to nowhere.
 */
export function resolveConfigPlaceholders(raw: unknown, o: { publicUrl: string }, source = 'config'): unknown {
  const values: Record<string, string> = { PUBLIC_URL: o.publicUrl.replace(/\/+$/, '') };
  const unknown: string[] = [];
  const walk = (value: unknown, at: string): unknown => {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (whole, name: string) => {
        const known = values[name];
        if (known === undefined) unknown.push(`  ${at || '(root)'}: unknown placeholder ${whole} (known: \${PUBLIC_URL})`);
        return known ?? whole;
      });
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, at ? `${at}.${i}` : String(i)));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, at ? `${at}.${k}` : k)]));
    }
    return value;
  };
  const resolved = walk(raw, '');
  if (unknown.length) throw new ConfigError(`Invalid company config ${source}:\n${unknown.join('\n')}`);
  return resolved;
}

/**
 * Reads the company config file once at start-up (YAML or JSON by extension). `publicUrl` is what
 * `${PUBLIC_URL}` in it becomes (start-server.ts passes PORTICO_PUBLIC_URL or http://localhost:$PORT).
 */
export function loadCompanyConfig(file: string = DEMO_CONFIG_PATH, o: { publicUrl?: string | undefined } = {}): CompanyConfig {
  const full = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    throw new ConfigError(`Cannot read company config ${full}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = full.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ConfigError(`Company config ${full} is not valid ${full.endsWith('.json') ? 'JSON' : 'YAML'}: ${(err as Error).message}`);
  }
  return parseCompanyConfig(raw, full, o);
}
