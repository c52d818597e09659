// Raw argon2id throughput with the server's own parameters (ARGON2_PARAMS of
// packages/server/src/passwords/password-hashing.ts, imported, not copied), in this process:
// the floor a login (one verification) or a registration (one hash) cannot beat. Needs tsx.
import { closedLoop } from './closed-loop.mjs';

const { ARGON2_PARAMS, hashPassword, verifyPassword } = await import('../../packages/server/src/passwords/password-hashing.ts');
export { ARGON2_PARAMS };

export const BENCH_PASSWORD = 'Correct-Horse-Battery-9';

/** Verifications (the right password against a stored hash) or hashes per second at `concurrency`. */
export async function argon2Rate({ op, concurrency, durationMs }) {
  const stored = await hashPassword(BENCH_PASSWORD);
  const iteration = op === 'verify'
    ? async () => { if (!await verifyPassword(stored, BENCH_PASSWORD)) throw new Error('argon2 verify failed'); return true; }
    : async () => (await hashPassword(BENCH_PASSWORD)).startsWith('$argon2id$');
  return closedLoop({ concurrency, durationMs, iteration });
}

/** The parameters in words, for the result file. */
export const argon2Described = () => ({
  algorithm: 'argon2id', memoryCostKiB: ARGON2_PARAMS.memoryCost, timeCost: ARGON2_PARAMS.timeCost,
  parallelism: ARGON2_PARAMS.parallelism, outputLenBytes: ARGON2_PARAMS.outputLen,
  library: '@node-rs/argon2 (runs on the libuv thread pool)', uvThreadpoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
  source: 'packages/server/src/passwords/password-hashing.ts ARGON2_PARAMS (imported by the benchmark)',
});
