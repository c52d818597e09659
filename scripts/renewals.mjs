// `npm run renewals`: ONE renewal pass on demand, on the database `npm start` uses (PORTICO_DATA_DIR or
// DATABASE_URL): the periodic jobs billing.renewals then billing.collection (when registered) once, then
// the due charges (outbox topic billing.charge-invoice) until none is due; prints what it did.
// The server does the same every minute (README "Renewals").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
process.setSourceMapsEnabled(true);
process.env.PORTICO_DATA_DIR ??= path.join(root, '.portico-data');
process.env.LOG_LEVEL ??= 'warn';
await import(pathToFileURL(path.join(root, 'packages/server/dist/run-renewals.mjs')).href);
