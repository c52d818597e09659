// The built server (packages/server/dist/main.mjs) as its own process, production mode, for the
// benchmarks that need its memory (peak RSS from /proc) or a database of their own. The rate
// limits are raised, not removed, by the same module hook the in-process benchmarks use
// (rate-limit-hook.mjs, loaded with --import): nothing in packages/ changes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BENCH_DIR, productionSecrets, ROOT } from './common.mjs';

const MAIN = path.join(ROOT, 'packages/server/dist/main.mjs');
const DEMO_CONFIG = path.join(ROOT, 'packages/server/config/demo-company.yaml');

/**
 * The demo company as a JSON config file in `dir`, with the captcha off and no email
 * confirmation: a load generator cannot solve proof-of-work per request, and the figure is
 * the registration's own work (validation, argon2, one transaction), not mail.
 */
export function benchCompanyConfig(dir, change = withoutCaptchaOrConfirmation) {
  const config = change(parseYaml(readFileSync(DEMO_CONFIG, 'utf8')));
  const file = path.join(dir, 'bench-company.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

function withoutCaptchaOrConfirmation(config) {
  return { ...config, captcha: { ...config.captcha, provider: 'none' }, registration: { ...config.registration, requireEmailConfirmation: false } };
}

/** Resident memory of a process from /proc (Linux): current (VmRSS) and peak (VmHWM) in MB. */
export function procMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: Math.round(kb('VmRSS') / 1024), peakRssMB: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMB: null, peakRssMB: null };
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (Linux; clock ticks at 100 Hz); null elsewhere. */
export function procCpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time (ms) of every process named postgres* on this machine (the server and its backends); other users' queries count too. */
export function postgresCpuMs() {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try { if (readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')) sum += procCpuMs(d) ?? 0; } catch { /* gone */ }
  }
  return sum;
}

/**
 * Spawns the built server with NODE_ENV=production on a free port (PORT=0, read from its IPC
 * "ready" message). `databaseUrl` = PostgreSQL, else PGlite in a fresh temp folder (from the
 * migrated template). `config`: a function changing the demo company's parsed config, by
 * default the captcha and email confirmation off (benchCompanyConfig). Returns its url, pid, a memory sampler and stop().
 */
export async function startPorticoProcess({ databaseUrl, config, env = {}, timeoutMs = 90_000, gcProbe = false } = {}) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`node scripts/build.mjs\` first`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-proc-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it (not allowed in NODE_OPTIONS).
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const probe = gcProbe ? ['--expose-gc', '--import', path.join(BENCH_DIR, 'lib/gc-probe.mjs')] : [];
  const child = spawn(process.execPath, [...extra, ...probe, '--import', path.join(BENCH_DIR, 'lib/rate-limit-register.mjs'), MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'silent',
      PORTICO_CONFIG: benchCompanyConfig(dir, config),
      PORTICO_DATA_DIR: path.join(dir, 'data'),
      ...productionSecrets(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`server not ready in ${timeoutMs} ms:\n${out}`)); }, timeoutMs);
    child.on('message', (m) => { if (m?.ready && m.url) { clearTimeout(timer); resolve(m.url); } });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`server exited with ${code} before it was ready:\n${out}`)); });
  });
  let peakSampledMB = 0;
  const sample = () => { const m = procMemory(child.pid); if (m.rssMB) peakSampledMB = Math.max(peakSampledMB, m.rssMB); return m; };
  const startMemory = sample();
  return {
    url,
    pid: child.pid,
    startMemory,
    /** Samples VmRSS every `ms` until the returned function is called; that returns { peakSampledMB, kernelPeakRssMB }. */
    watchMemory(ms = 100) {
      let peak = 0;
      const timer = setInterval(() => { const m = sample(); if (m.rssMB) peak = Math.max(peak, m.rssMB); }, ms);
      return () => { clearInterval(timer); const m = sample(); return { peakSampledMB: Math.max(peak, m.rssMB ?? 0), kernelPeakRssMB: m.peakRssMB, endRssMB: m.rssMB }; };
    },
    memory: () => ({ ...sample(), peakSampledMB }),
    /** With gcProbe: RSS (MB) right after the server ran a full garbage collection. */
    async memoryAfterGc() {
      if (!gcProbe) throw new Error('startPorticoProcess({ gcProbe: true }) is needed for memoryAfterGc');
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer to the GC probe')), 30_000);
        const on = (m) => { if (m?.benchGcDone) { clearTimeout(timer); child.off('message', on); resolve(); } };
        child.on('message', on);
        child.send({ benchGc: true });
      });
      return sample().rssMB;
    },
    /** CPU time (ms, user + system) the server process has used so far; null off Linux. */
    cpuMs: () => procCpuMs(child.pid),
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(kill);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** bench/lib/bare-server.mjs as a child process (see there for the options); resolves to { url, pid, stop }. */
export function startBareProcess(options) {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, 'lib/bare-server.mjs'), JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, pid: child.pid, memory: () => procMemory(child.pid), stop: async () => { child.kill('SIGTERM'); await exited; } });
    });
    void exited.then((code) => reject(new Error(`bare server exited with ${code}`)));
  });
}
