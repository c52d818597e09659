import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeRateLimits, FEATURES, RATE_LIMITS, REPOSITORIES } from './features.ts';
import { rateLimitRows } from './http/rate-limits.ts';

const SRC = path.dirname(new URL(import.meta.url).pathname);
/** The layers every feature stands on; they know no feature. */
const LOW_LAYERS = ['db', 'http'];
/** What a low layer may import from src/ besides itself: other infrastructure. */
const INFRASTRUCTURE = new Set(['db', 'http', 'clock', 'bus', 'ids', 'config', 'paths.ts']);

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The src/ folder (or top-level file) each relative import of a file lands in. */
function importedAreas(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"`]*?from\s+['"]([^'"]+)['"]/g), ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)).split(path.sep)[0]!);
}

describe('feature modules (src/features.ts)', () => {
  it('no file under db/ or http/ imports a feature folder (type imports included)', () => {
    const offending: string[] = [];
    for (const layer of LOW_LAYERS) {
      for (const file of sourcesUnder(layer)) {
        for (const area of importedAreas(file)) if (!INFRASTRUCTURE.has(area)) offending.push(`${path.relative(SRC, file)} imports ${area}/`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the check sees an import that breaks the rule (it can fail)', () => {
    expect(importedAreas(path.join(SRC, 'features.ts'))).toContain('accounts');
  });

  it('each module has a unique name, and every repository is registered once under one name', () => {
    const names = FEATURES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const declared = FEATURES.flatMap((m) => Object.keys(m.repositories));
    expect(new Set(declared).size).toBe(declared.length);
    for (const name of declared) expect(REPOSITORIES).toHaveProperty(name);
  });

  it('every rate-limit row is declared once, under its own name, and each module\'s rows are in the composed table', () => {
    const declared = FEATURES.flatMap((m) => Object.entries(m.rateLimits));
    const names = declared.map(([name]) => name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, row] of declared) {
      expect(row.name).toBe(name);
      expect(RATE_LIMITS).toHaveProperty(name, row);
    }
    expect(Object.keys(RATE_LIMITS).sort()).toEqual([...names].sort());
  });

  it('composing refuses a row name two modules declare, and a row whose name is not its key (start-up fails)', () => {
    const row = { max: 1, windowMs: 1000, key: 'ip', counts: 'requests', protects: 'a test row' } as const;
    const one = { name: 'one', rateLimits: rateLimitRows({ sameName: row }) };
    expect(() => composeRateLimits([one, { name: 'two', rateLimits: rateLimitRows({ sameName: row }) }])).toThrow('rate-limit row "sameName" of module two is already declared');
    expect(() => composeRateLimits([{ name: 'three', rateLimits: { renamed: { ...row, name: 'other' } } }])).toThrow('is named "other"');
    expect(Object.keys(composeRateLimits([one, { name: 'four' }]))).toEqual(['sameName']);
  });
});
