// Runs after `npm install`: builds the widget and server bundle and prepares the
// migrated PGlite template, so the first `npm start` is quick.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run([path.join(root, 'scripts/build.mjs')]);
run(['--import', 'tsx', path.join(root, 'packages/server/src/db/make-pglite-template.ts')]);
