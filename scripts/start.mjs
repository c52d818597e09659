// `npm start`: build what is stale, then run the server with the demo company
// on embedded PGlite (or DATABASE_URL), serving the demo pages (the demo company's website at /, the developer harness at /harness.html).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

// The server runs in this process, not a child: a second Node process only to wait for the first
// cost ~45 MB of a small machine's memory (docs/decisions.md, "Memory of the embedded database").
// main.mjs handles SIGINT and SIGTERM itself.
process.setSourceMapsEnabled(true);
process.env.PORTICO_DATA_DIR ??= path.join(root, '.portico-data');
await import(pathToFileURL(path.join(root, 'packages/server/dist/main.mjs')).href);
