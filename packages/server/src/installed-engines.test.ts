import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.ts';

// semver has no bundled types; these two calls are all this check needs.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const REPO = path.resolve(SERVER_ROOT, '..', '..');
const WORKSPACES = ['', 'packages/core', 'packages/server', 'packages/widget', 'e2e'];

interface Manifest { name?: string; version?: string; engines?: { node?: string } }
const manifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every installed package under a node_modules folder, nested ones included. */
function* installed(nodeModules: string): Generator<{ dir: string; pkg: Manifest }> {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry);
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(dir)) yield* one(path.join(dir, scoped));
    } else {
      yield* one(dir);
    }
  }
}
function* one(dir: string): Generator<{ dir: string; pkg: Manifest }> {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return;
  yield { dir, pkg: manifest(file) };
  yield* installed(path.join(dir, 'node_modules'));
}

describe('honest dependencies', () => {
  it("every installed package runs on the oldest Node that the root `engines` accepts", () => {
    const ours = manifest(path.join(REPO, 'package.json')).engines?.node;
    expect(ours).toBeDefined();
    const oldest = semver.minVersion(ours!)!.version;
    const refusing: string[] = [];
    let count = 0;
    for (const workspace of WORKSPACES) {
      for (const { dir, pkg } of installed(path.join(REPO, workspace, 'node_modules'))) {
        count++;
        const range = pkg.engines?.node;
        if (typeof range === 'string' && !semver.satisfies(oldest, range)) {
          refusing.push(`${path.relative(REPO, dir)}@${pkg.version} wants node ${range}`);
        }
      }
    }
    expect(count).toBeGreaterThan(100);
    // If this fails: pin a release that supports Node `oldest` (root package.json "overrides"),
    // or raise `engines` on purpose and say why in docs/decisions.md.
    expect(refusing, `engines ${ours} includes Node ${oldest}`).toEqual([]);
  });
});
