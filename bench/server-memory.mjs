// server-memory: resident memory of the server as `npm start` runs it (node --enable-source-maps
// packages/server/dist/main.mjs, here with NODE_ENV=production), on embedded PGlite (a fresh data
// folder, loaded from the install-time template) and on PostgreSQL: idle once it has settled after
// start, and peak during a burst of visitors (init, nonce, free sign-up, login). RSS is per process,
// so the PGlite worker thread and its WebAssembly memory count. Goal: idle RSS on PGlite ≤ 350 MB.
// Run with: node --import tsx bench/server-memory.mjs
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineInfo, productionSecrets, ROOT, writeResult } from './lib/common.mjs';
import { closedLoop } from './lib/closed-loop.mjs';
import { benchCompanyConfig, procMemory } from './lib/portico-process.mjs';
import { BENCH_PASSWORD } from './lib/argon2-rate.mjs';
import { registrationBody, uniqueEmail } from './lib/signup-requests.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');
const { pgliteTemplatePath } = await import('../packages/server/src/db/pglite-location.ts');

watchdog(170);
const MAIN = path.join(ROOT, 'packages/server/dist/main.mjs');
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SETTLE_MS = 5_000; // idle = RSS this long after "ready", nothing asked of the server meanwhile
const LOAD_MS = 8_000;
const CONCURRENCY = 8;
const SAMPLE_MS = 50;
const GOAL_IDLE_MB = 350;

/**
 * This benchmark run on this machine before issue 14 changed anything (PGlite with its defaults:
 * 128 MB shared_buffers, the template loaded by PGlite's loadDataDir, initdb in the server's own
 * PGlite thread), kept to show the change. Two more runs of that code gave PGlite idle 511 / 511,
 * peak 629 / 622, second start 418 / 434, no template 885 / 886; PostgreSQL idle 142 / 138.
 */
const BEFORE = {
  date: '2026-11-26T21:35:54Z',
  pglite: { idleRssMB: 518, peakRssDuringLoadMB: 613, kernelPeakRssMB: 613, idleRssAfterLoadMB: 539, secondStartIdleRssMB: 418, withoutTemplateIdleRssMB: 908, readySec: 3.26, withoutTemplateReadySec: 10.41 },
  postgres: { idleRssMB: 132, peakRssDuringLoadMB: 228, kernelPeakRssMB: 234, idleRssAfterLoadMB: 159 },
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The bench config's install-time template, as npm install makes the demo company's: a first npm
 * start loads its data folder from it (pglite-location.ts keys it by the config's text), so the
 * benchmark measures that start, not initdb.
 */
function makeTemplate(configFile) {
  const made = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/server/src/db/make-pglite-template.ts'), configFile], { cwd: ROOT, encoding: 'utf8' });
  const file = /: (\S+\.tar)\s*$/.exec(made.stdout ?? '')?.[1];
  if (made.status !== 0 || !file || !existsSync(file)) throw new Error(`PGlite template not made: ${made.stderr}`);
  return file;
}

/**
 * The built server as npm start spawns it (scripts/start.mjs), production mode, port 0 announced
 * over IPC; `dir` holds the config and the data folder (kept between starts when given).
 */
async function startServer({ databaseUrl, dir, onSpawn }) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`node scripts/build.mjs\` first`);
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'silent',
      PORTICO_CONFIG: path.join(dir, 'bench-company.json'),
      PORTICO_DATA_DIR: path.join(dir, 'data'),
      // Each simulated visitor comes through the local "proxy" with an address of its own, so the
      // per-address rate limits apply as they would to real visitors (no module hook, no extra thread).
      PORTICO_TRUST_PROXY: '127.0.0.1',
      ...productionSecrets(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  onSpawn?.(child.pid);
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`server not ready in 60 s:\n${out}`)); }, 60_000);
    child.on('message', (m) => { if (m?.ready && m.url) { clearTimeout(timer); resolve(m.url); } });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`server exited with ${code} before it was ready:\n${out}`)); });
  });
  return {
    url,
    memory: () => procMemory(child.pid),
    async stop() {
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}

let visitors = 0;
/** One visitor: the widget's init, a nonce, a free-plan sign-up, then a login, from an address of its own. */
async function visit(base) {
  visitors += 1;
  const ip = { 'x-forwarded-for': `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}` };
  const check = async (res, expected, what) => {
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  await check(await fetch(`${base}/api/v1/widgets/auth/init`, { headers: ip }), 200, 'init');
  const { Value } = await check(await fetch(`${base}/api/v1/nonce`, { method: 'POST', headers: { ...ip, 'content-type': 'application/json' }, body: '{}' }), 200, 'nonce');
  const email = uniqueEmail();
  await check(await fetch(`${base}/api/v1/crm/registrations`, { method: 'POST', headers: { ...ip, 'content-type': 'application/json' }, body: JSON.stringify(registrationBody({ email, nonce: Value })) }), 201, 'registration');
  await check(await fetch(`${base}/api/v1/tokens`, { method: 'POST', headers: { ...ip, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: email, password: BENCH_PASSWORD }).toString() }), 200, 'login');
  return true;
}

/** RSS after `ms` with no request. */
async function settled(server, ms = SETTLE_MS) {
  await sleep(ms);
  return server.memory();
}

/**
 * VmRSS of a process plus that of its child processes (/proc/<pid>/task/<tid>/children, Linux), in
 * MB: the initdb child of a first start without a template is memory the machine must have too.
 * Pages both share (node's own code) count twice, so the sum errs high.
 */
function rssWithChildren(pid) {
  const children = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    }
  } catch { /* the server has exited */ }
  // A process that has just exited (a zombie until it is reaped) has no VmRSS line: it counts 0.
  const rss = (p) => { const { rssMB } = procMemory(p); return Number.isFinite(rssMB) ? rssMB : 0; };
  const childrenMB = children.reduce((sum, child) => sum + rss(child), 0);
  return { totalMB: rss(pid) + childrenMB, childrenMB };
}

/**
 * A first start on a config no template was made for (a founder's own company file): initdb in a
 * child process of the server (db/pglite-initdb-process.ts), then the migrations and the seed. The
 * same config written with other whitespace has another template key (pglite-location.ts), for
 * which none exists. The server's RSS plus its children's is sampled until it is ready.
 */
async function withoutTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-mem-'));
  try {
    const config = benchCompanyConfig(dir);
    writeFileSync(config, `${JSON.stringify(JSON.parse(readFileSync(config, 'utf8')), null, 1)}\n`);
    if (existsSync(pgliteTemplatePath(config))) throw new Error('a template exists for the no-template case');
    const t0 = performance.now();
    let startPeakMB = 0;
    let childPeakMB = 0;
    let timer;
    const server = await startServer({
      dir,
      onSpawn: (pid) => {
        timer = setInterval(() => {
          const m = rssWithChildren(pid);
          startPeakMB = Math.max(startPeakMB, m.totalMB);
          childPeakMB = Math.max(childPeakMB, m.childrenMB);
        }, SAMPLE_MS);
      },
    }).finally(() => clearInterval(timer));
    try {
      const readySec = Math.round((performance.now() - t0) / 10) / 100;
      const idle = await settled(server);
      return { readySec, idleRssMB: idle.rssMB, kernelPeakRssMB: idle.peakRssMB, startPeakRssWithChildrenMB: startPeakMB, initdbChildPeakRssMB: childPeakMB };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One database: start, settle (idle), a burst of visitors (peak), settle again; on PGlite a
 * second start on the same data folder too (every later npm start), idle only.
 */
async function measure(kind) {
  const pg = kind === 'postgres' ? await freshPostgresDatabase(PG_BASE) : null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-mem-'));
  try {
    const config = benchCompanyConfig(dir);
    const template = pg ? null : makeTemplate(config);
    const t0 = performance.now();
    const server = await startServer({ databaseUrl: pg?.url, dir });
    let figures;
    try {
      const readySec = (performance.now() - t0) / 1000;
      const atReady = server.memory();
      const idle = await settled(server);
      let peak = 0;
      const timer = setInterval(() => { peak = Math.max(peak, server.memory().rssMB ?? 0); }, SAMPLE_MS);
      const load = await closedLoop({ concurrency: CONCURRENCY, durationMs: LOAD_MS, iteration: () => visit(server.url) });
      clearInterval(timer);
      const afterLoad = server.memory();
      const idleAfterLoad = await settled(server);
      figures = {
        database: pg ? `PostgreSQL (fresh database on ${new URL(PG_BASE).host}, migrated by the server)` : `PGlite (fresh data folder loaded from the template ${path.relative(ROOT, template)})`,
        readySec: Math.round(readySec * 100) / 100,
        rssAtReadyMB: atReady.rssMB,
        idleRssMB: idle.rssMB,
        peakRssDuringLoadMB: Math.max(peak, afterLoad.rssMB ?? 0),
        kernelPeakRssMB: afterLoad.peakRssMB,
        idleRssAfterLoadMB: idleAfterLoad.rssMB,
        load: { visitorsPerSec: load.perSec, visitors: load.done, failed: load.failed, errors: load.errors, latencyP50ms: load.latencyP50ms, latencyP99ms: load.latencyP99ms },
      };
    } finally {
      await server.stop();
    }
    if (!pg) {
      const again = await startServer({ dir });
      try {
        const idle = await settled(again);
        figures.secondStart = { idleRssMB: idle.rssMB, kernelPeakRssMB: idle.peakRssMB };
      } finally {
        await again.stop();
      }
      figures.firstStartWithoutTemplate = await withoutTemplate();
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const loadBefore = machineInfo().loadavg1m;
const results = {};
const failures = [];
for (const kind of ['pglite', 'postgres']) {
  try {
    results[kind] = await measure(kind);
    if (results[kind].load.failed) failures.push(`${kind}: ${results[kind].load.failed} visitor(s) failed: ${results[kind].load.errors.join(' | ')}`);
  } catch (err) {
    failures.push(`${kind}: ${err.message.split('\n').slice(0, 4).join(' ')}`);
    results[kind] = { error: err.message.slice(0, 1500) };
  }
}

const pick = (r) => (r && !r.error ? { idleRssMB: r.idleRssMB, peakRssDuringLoadMB: r.peakRssDuringLoadMB, kernelPeakRssMB: r.kernelPeakRssMB, idleRssAfterLoadMB: r.idleRssAfterLoadMB, ...(r.secondStart ? { secondStartIdleRssMB: r.secondStart.idleRssMB } : {}), ...(r.firstStartWithoutTemplate ? { withoutTemplateIdleRssMB: r.firstStartWithoutTemplate.idleRssMB, withoutTemplateStartPeakRssWithChildrenMB: r.firstStartWithoutTemplate.startPeakRssWithChildrenMB } : {}) } : null);
const result = writeResult('server-memory', {
  goal: { text: `idle RSS of the server on embedded PGlite (npm start's default), first start (from the template) and later starts, ≤ ${GOAL_IDLE_MB} MB`, metric: 'pgliteWorstIdleRssMB', op: '<=', value: GOAL_IDLE_MB, unit: 'MB' },
  actual: results.pglite?.error ? undefined : Math.max(results.pglite.idleRssMB, results.pglite.secondStart.idleRssMB),
  status: results.pglite?.error ? 'error' : 'ok',
  // A visitor that failed means the figures are not those of a working server.
  alsoRequired: failures.length === 0,
  figures: {
    pgliteIdleRssMB: results.pglite?.idleRssMB ?? null,
    pgliteSecondStartIdleRssMB: results.pglite?.secondStart?.idleRssMB ?? null,
    pgliteWithoutTemplateIdleRssMB: results.pglite?.firstStartWithoutTemplate?.idleRssMB ?? null,
    pglitePeakRssMB: results.pglite?.peakRssDuringLoadMB ?? null,
    postgresIdleRssMB: results.postgres?.idleRssMB ?? null,
    postgresPeakRssMB: results.postgres?.peakRssDuringLoadMB ?? null,
    now: { pglite: pick(results.pglite), postgres: pick(results.postgres) },
    before: BEFORE,
    pglite: results.pglite,
    postgres: results.postgres,
    loadavg1mBefore: loadBefore,
    loadavg1mAfter: Number(os.loadavg()[0].toFixed(2)),
  },
  method: `The built server spawned as npm start runs it (node --enable-source-maps packages/server/dist/main.mjs; scripts/start.mjs), with NODE_ENV=production, LOG_LEVEL=silent, PORT=0, the demo company config with the captcha off and no email confirmation (a temp JSON file), PORTICO_TRUST_PROXY=127.0.0.1. PGlite: a fresh data folder (loaded from the migrated install-time template, as a first npm start does); PostgreSQL: a fresh database on ${new URL(PG_BASE).host} (packages/server/src/testing/fresh-postgres.ts), migrated by the server, dropped after. RSS = VmRSS of the server process from /proc/<pid>/status (the whole process: main thread, PGlite worker thread, WebAssembly memory). Idle = ${SETTLE_MS / 1000} s after the IPC "ready" message with no request. Peak = the highest VmRSS sampled every ${SAMPLE_MS} ms during ${LOAD_MS / 1000} s of ${CONCURRENCY} closed-loop visitors, each GET /api/v1/widgets/auth/init + POST /api/v1/nonce + POST /api/v1/crm/registrations (free plan, argon2 hash) + POST /api/v1/tokens (login, argon2 verify), each visitor from its own X-Forwarded-For address. kernelPeakRssMB = VmHWM (since start, start-up included). idleRssAfterLoadMB = VmRSS ${SETTLE_MS / 1000} s after the load. PGlite secondStart = the server started again on the same folder (every later npm start), idle after ${SETTLE_MS / 1000} s. PGlite firstStartWithoutTemplate = a fresh folder with a config no template exists for (a founder's own company file: initdb at start, in a child process of the server), idle after ${SETTLE_MS / 1000} s; its kernelPeakRssMB is the server process's alone, startPeakRssWithChildrenMB the highest sum of the server's VmRSS and its child processes' (the initdb child) sampled every ${SAMPLE_MS} ms until ready, initdbChildPeakRssMB the children's part of that sampling. before = this benchmark run on this machine before issue 14's changes (constant BEFORE in the file).`,
  notes: [
    `${os.cpus().length} CPUs shared by the server, its PGlite worker thread (or PostgreSQL), the argon2 thread pool and the client; other jobs may run on the machine (loadavg1mBefore/After). Memory figures depend little on that noise; visitors/s does.`,
    ...failures,
  ],
});
console.log(JSON.stringify({ name: result.name, pass: result.pass, pglite: pick(results.pglite), postgres: pick(results.postgres) }));
process.exit(0);
