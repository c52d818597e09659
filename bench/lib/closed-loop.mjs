// A closed-loop load generator for requests that cannot repeat (a registration needs a fresh
// nonce and a new email; a login is one argon2 verification): `concurrency` workers each run
// `iteration(workerIndex, n)` back to back for `durationMs`. Used where the server does
// tens of operations per second, so the client's own cost (global fetch, keep-alive) is small
// next to the server's; where it is not (bare routes), autocannon in a child process is used.
import { median, round } from './common.mjs';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);

/**
 * `iteration` resolves to true (counted as done) or false (a failure, counted apart), or throws
 * (an error). Returns per-second rate, latency percentiles (ms) and counts.
 */
export async function closedLoop({ concurrency, durationMs, iteration }) {
  const latencies = [];
  let ok = 0;
  let failed = 0;
  const errors = [];
  const t0 = performance.now();
  const end = t0 + durationMs;
  let n = 0;
  const worker = async (w) => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        if (await iteration(w, n++)) { ok++; latencies.push(performance.now() - t); } else failed++;
      } catch (err) {
        failed++;
        if (errors.length < 5) errors.push(String(err?.message ?? err));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsedSec = (performance.now() - t0) / 1000;
  const s = [...latencies].sort((a, b) => a - b);
  return {
    perSec: round(ok / elapsedSec, 2),
    done: ok,
    failed,
    errors,
    elapsedSec: round(elapsedSec, 2),
    latencyP50ms: s.length ? round(median(s), 1) : null,
    latencyP99ms: s.length ? round(percentile(s, 99), 1) : null,
    concurrency,
  };
}
