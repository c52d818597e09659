// server-start: spawn → first 200 of GET /api/v1/widgets/auth/init for
// `node packages/server/dist/main.mjs`, first start (empty data folder, template
// present) and second start (existing folder), against a bare PGlite process
// measured in the same run. Median of 5 runs each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, freePort, median, productionSecrets, ROOT, round, writeResult } from './lib/common.mjs';

// Production refuses to start without an explicit config; the benchmark names the demo company's.
const DEMO_CONFIG = path.join(ROOT, 'packages/server/config/demo-company.yaml');

const RUNS = 5;
const MAIN = path.join(ROOT, 'packages/server/dist/main.mjs');
const BARE = path.join(BENCH_DIR, 'lib/bare-pglite.mjs');
const TIMEOUT_MS = 30_000;

const getStatus = (url) => new Promise((resolve) => {
  const req = http.get(url, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', () => resolve(0));
  req.setTimeout(2000, () => { req.destroy(); resolve(0); });
});

function waitExit(child, ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => { child.kill('SIGKILL'); }, ms);
    child.once('exit', () => { clearTimeout(t); resolve(); });
  });
}

/** ms from spawn to the first 200 of GET init (polled every 5 ms), then SIGTERM and wait for a clean exit. */
async function timePortico(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v1/widgets/auth/init`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', PORTICO_CONFIG: DEMO_CONFIG, ...productionSecrets() },
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  let ms = null;
  while (performance.now() - t0 < TIMEOUT_MS && child.exitCode === null) {
    if ((await getStatus(url)) === 200) { ms = performance.now() - t0; break; }
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill('SIGTERM');
  await waitExit(child);
  if (ms === null) throw new Error(`Portico did not answer 200 within ${TIMEOUT_MS} ms: ${stderr.slice(0, 500)}`);
  return ms;
}

/** ms from spawn to the "ready" line of a process that only creates PGlite; waits for its exit. */
function timeSpawnUntilReady(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let ms = null;
    let err = '';
    child.stdout.on('data', (d) => { if (ms === null && String(d).includes('ready')) ms = performance.now() - t0; });
    child.stderr.on('data', (d) => { err += d; });
    const t = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(t);
      if (code !== 0 || ms === null) reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(0, 500)}`));
      else resolve(ms);
    });
  });
}

if (!existsSync(MAIN)) throw new Error('packages/server/dist/main.mjs missing: run node scripts/build.mjs');
// What npm install does (scripts/postinstall.mjs): makes the template if missing and prints its path.
const made = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/server/src/db/make-pglite-template.ts')], { cwd: ROOT, encoding: 'utf8' });
const template = /: (\S+\.tar)\s*$/.exec(made.stdout ?? '')?.[1];
if (made.status !== 0 || !template || !existsSync(template)) throw new Error(`PGlite template missing: ${made.stderr}`);

const t = { porticoFirst: [], porticoSecond: [], bareFirst: [], bareSecond: [], nodeOnly: [] };
const tmp = [];
for (let i = 0; i < RUNS; i++) {
  // Interleaved so that noise hits both sides alike.
  const bareDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-pglite-'));
  tmp.push(bareDir);
  t.bareFirst.push(await timeSpawnUntilReady([BARE, path.join(bareDir, 'pglite'), template]));
  t.bareSecond.push(await timeSpawnUntilReady([BARE, path.join(bareDir, 'pglite')]));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-portico-'));
  tmp.push(dataDir);
  t.porticoFirst.push(await timePortico(dataDir));
  t.porticoSecond.push(await timePortico(dataDir));
  t.nodeOnly.push(await timeSpawnUntilReady(['-e', 'process.stdout.write("ready\\n")']));
}
for (const d of tmp) rmSync(d, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)]));
const extraFirst = (m.porticoFirst - m.bareFirst) / 1000;
const extraSecond = (m.porticoSecond - m.bareSecond) / 1000;
const r = (ms) => round(ms / 1000, 3);
const result = writeResult('server-start', {
  goal: { text: 'Portico start (spawn → first 200 of GET /api/v1/widgets/auth/init) < 0.5 s more than bare PGlite.create, first and second start', metric: 'worstExtraOverBarePgliteSec', op: '<', value: 0.5, unit: 's' },
  actual: round(Math.max(extraFirst, extraSecond), 3),
  figures: {
    firstStart: { porticoMedianSec: r(m.porticoFirst), barePgliteMedianSec: r(m.bareFirst), extraSec: round(extraFirst, 3), ratio: round(m.porticoFirst / m.bareFirst, 2), pass: extraFirst < 0.5 },
    secondStart: { porticoMedianSec: r(m.porticoSecond), barePgliteMedianSec: r(m.bareSecond), extraSec: round(extraSecond, 3), ratio: round(m.porticoSecond / m.bareSecond, 2), pass: extraSecond < 0.5 },
    nodeSpawnOnlyMedianSec: r(m.nodeOnly),
    samplesSec: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.map(r)])),
  },
  method: `${RUNS} interleaved runs; medians. Portico: spawn \`node packages/server/dist/main.mjs\` (PORT = a free port, HOST=127.0.0.1, LOG_LEVEL=silent, NODE_ENV=production, PORTICO_DATA_DIR = a new temp folder), poll GET /api/v1/widgets/auth/init every 5 ms until the first 200; first start = empty folder (PGlite loaded from the migrated template ${path.relative(ROOT, template)}), second start = the same folder again after a SIGTERM and clean exit. Bare: spawn \`node bench/lib/bare-pglite.mjs\` which only imports PGlite and awaits PGlite.create({ dataDir }) (+ loadDataDir from the same template when the folder is empty) and prints "ready"; time to that line. extra = median(Portico) − median(bare). nodeSpawnOnly: \`node -e\` printing ready (process spawn floor).`,
});
console.log(JSON.stringify({ name: result.name, pass: result.pass }));
