// Helpers shared by the benchmark scripts: paths, machine info, result files, ports, stats.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    availableParallelism: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    totalMemMB: Math.round(os.totalmem() / 2 ** 20),
    loadavg1m: Number(os.loadavg()[0].toFixed(2)),
  };
}

/**
 * Writes bench/results/<name>.json. `goal` is { text, metric, op: '<=' | '>=' | '<', value, unit };
 * `actual` is the measured value of goal.metric. pass is null when nothing could be measured.
 */
export function writeResult(name, { goal, actual, status = 'ok', figures = {}, method, notes = [], alsoRequired = true, forcePass }) {
  // alsoRequired: a second condition (e.g. a second goal in the same benchmark) that must hold too.
  const pass = status === 'ok' && typeof actual === 'number' && Number.isFinite(actual) ? compare(actual, goal.op, goal.value) && alsoRequired : (forcePass ?? null);
  const result = { name, date: new Date().toISOString(), status, goal, actual: actual ?? null, pass, figures, method, notes, machine: machineInfo() };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

function compare(a, op, b) {
  if (op === '<=') return a <= b;
  if (op === '<') return a < b;
  if (op === '>=') return a >= b;
  if (op === '>') return a > b;
  throw new Error(`unknown op ${op}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The secrets production refuses to start without (the signing keys' encryption key, the ALTCHA
 * HMAC key), random for this benchmark process: the benchmarks run NODE_ENV=production.
 */
const SECRETS = { PORTICO_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PORTICO_CAPTCHA_HMAC_KEY: randomBytes(32).toString('base64') };
export const productionSecrets = () => ({ ...SECRETS });

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const round = (x, digits = 0) => Number(x.toFixed(digits));
