// Runs autocannon (in a child process) against "ours" and "bare" alternately,
// A B A B, after a short warm-up of each, and keeps the better round of each.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR, round } from './common.mjs';

/** One autocannon run in a child process: { requestsPerSec, latencyP50ms, latencyP99ms, non2xx, … }. */
export function load(target, duration, connections) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(BENCH_DIR, 'lib/load.mjs'), JSON.stringify({ ...target, duration, connections })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 20) * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

export async function compareThroughput({ ours, bare, duration = 8, connections = 10, rounds = 2, warmup = 1 }) {
  await load(ours, warmup, connections);
  await load(bare, warmup, connections);
  const runs = { ours: [], bare: [] };
  for (let r = 0; r < rounds; r++) {
    runs.ours.push(await load(ours, duration, connections));
    runs.bare.push(await load(bare, duration, connections));
  }
  const best = (xs) => xs.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
  const o = best(runs.ours);
  const b = best(runs.bare);
  return {
    oursRequestsPerSec: round(o.requestsPerSec),
    bareRequestsPerSec: round(b.requestsPerSec),
    ratioOursOverBare: round(o.requestsPerSec / b.requestsPerSec, 3),
    oursLatencyP99ms: o.latencyP99ms,
    bareLatencyP99ms: b.latencyP99ms,
    oursLatencyP50ms: o.latencyP50ms,
    bareLatencyP50ms: b.latencyP50ms,
    oursNon2xx: runs.ours.reduce((s, x) => s + x.non2xx + x.errors + x.timeouts, 0),
    bareNon2xx: runs.bare.reduce((s, x) => s + x.non2xx + x.errors + x.timeouts, 0),
    rounds: runs,
  };
}

export const LOAD_METHOD = 'autocannon 9 in a separate child process (node bench/lib/load.mjs) so the load generator does not share the event loop of the servers; on 2 cores the server process and the load generator each get roughly one core. Both servers live in ONE Node process (Portico on one port, a bare Fastify() with one route on another). 1 s warm-up of each, then rounds A B A B of ~8 s, 10 connections, no pipelining; the better round of each side is kept. p99 is the latency of that round. Only 127.0.0.1.';
