// `npm start`: build what is stale, then run the server with the demo company
// on embedded PGlite (or DATABASE_URL), serving the demo pages (the demo company's website at /, the developer harness at /harness.html).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'packages/server/dist/main.mjs')], {
  stdio: 'inherit',
  env: { PORTICO_DATA_DIR: path.join(root, '.portico-data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
