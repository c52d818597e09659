import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { unpackPgliteTemplate } from './pglite-template-unpack.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-unpack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const template = inject('pgliteTemplate');

// The PostgreSQL run of the suite makes no PGlite template.
describe.skipIf(!existsSync(template))('unpacking the install-time template into an empty data folder', () => {
  it('a start stopped halfway leaves nothing that looks like a database, and the next one unpacks it whole', () => {
    const dir = path.join(tmp, 'pglite');
    const truncated = path.join(tmp, 'truncated.tar');
    const whole = readFileSync(template);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(() => unpackPgliteTemplate(truncated, dir)).toThrow(/truncated/);
    expect(existsSync(dir)).toBe(false);

    unpackPgliteTemplate(template, dir);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(existsSync(`${dir}.unpacking`)).toBe(false);
  });
});
