// registrations-throughput: sign-ups per second through the HTTP API (a fresh nonce each, a new
// email each) against the built server in its own process, on PGlite and on PostgreSQL, with its
// peak memory; free plan and paid plan (sandbox gateway). In the same run: argon2id hashes and
// verifications per second with the server's parameters (each registration hashes one password),
// and a bare Fastify route in its own process driven by the same client. Recorded, no goal yet.
// Run with: node --import tsx bench/registrations-throughput.mjs
import os from 'node:os';
import { machineInfo, round, writeResult } from './lib/common.mjs';
import { argon2Described, argon2Rate } from './lib/argon2-rate.mjs';
import { closedLoop } from './lib/closed-loop.mjs';
import { startBareProcess, startPorticoProcess } from './lib/portico-process.mjs';
import { registerFree, registerPaid, registrationBody, uniqueEmail } from './lib/signup-requests.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(170);
const CONCURRENCY = 8;
const FREE_MS = 6_000;
const PAID_MS = 5_000;
const ARGON2_MS = 3_000;
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COMPANY_UID = 'northwind'; // the demo company, which the bench config is made from
const loadBefore = machineInfo().loadavg1m;

/** One database: start the server, warm up, free-plan load, paid-plan load, with its memory. */
async function measure(kind) {
  let pg = null;
  if (kind === 'postgres') pg = await freshPostgresDatabase(PG_BASE);
  const server = await startPorticoProcess(pg ? { databaseUrl: pg.url } : {});
  try {
    // Warm-up: the JIT, the connection pool, the first prepared statements.
    await closedLoop({ concurrency: 2, durationMs: 1_000, iteration: async () => Boolean(await registerFree(server.url)) });
    const idle = server.memory();
    let stopWatch = server.watchMemory();
    const free = await closedLoop({ concurrency: CONCURRENCY, durationMs: FREE_MS, iteration: async () => Boolean(await registerFree(server.url)) });
    const freeMemory = stopWatch();
    stopWatch = server.watchMemory();
    const paid = await closedLoop({ concurrency: CONCURRENCY, durationMs: PAID_MS, iteration: async () => Boolean(await registerPaid(server.url, COMPANY_UID)) });
    const paidMemory = stopWatch();
    return {
      database: kind === 'postgres' ? `PostgreSQL (fresh database on ${new URL(PG_BASE).host}, migrated by the server)` : 'PGlite (fresh data folder from the migrated template)',
      rssAfterStartMB: server.startMemory.rssMB,
      rssIdleAfterWarmupMB: idle.rssMB,
      free: { registrationsPerSec: free.perSec, ...free, peakRssDuringLoadMB: freeMemory.peakSampledMB },
      paid: { registrationsPerSec: paid.perSec, ...paid, peakRssDuringLoadMB: paidMemory.peakSampledMB },
      peakRssMB: Math.max(freeMemory.peakSampledMB, paidMemory.peakSampledMB),
      kernelPeakRssMB: paidMemory.kernelPeakRssMB,
    };
  } finally {
    await server.stop();
    await pg?.drop();
  }
}

const argon2Hash = await argon2Rate({ op: 'hash', concurrency: CONCURRENCY, durationMs: ARGON2_MS });
const argon2Verify = await argon2Rate({ op: 'verify', concurrency: CONCURRENCY, durationMs: ARGON2_MS });

// Bare: one POST route answering 201 with a registration-sized JSON, the same client and body size.
const sampleBody = JSON.stringify(registrationBody({ email: uniqueEmail(), nonce: 'x'.repeat(43) }));
const bare = await startBareProcess({ method: 'POST', url: '/api/v1/crm/registrations', status: 201, answer: JSON.stringify({ Ok: true, Echo: 'x'.repeat(2000) }) });
const bareRun = await closedLoop({
  concurrency: CONCURRENCY, durationMs: 3_000,
  iteration: async () => (await (await fetch(`${bare.url}/api/v1/crm/registrations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sampleBody })).arrayBuffer(), true),
});
const bareMemory = bare.memory();
await bare.stop();

const results = {};
const failures = [];
for (const kind of ['pglite', 'postgres']) {
  try {
    results[kind] = await measure(kind);
  } catch (err) {
    failures.push(`${kind}: ${err.message.split('\n').slice(0, 4).join(' ')}`);
    results[kind] = { error: err.message.slice(0, 1500) };
  }
}

const r = (k, plan) => results[k]?.[plan]?.registrationsPerSec ?? null;
const anyFailed = Object.values(results).some((x) => x.error || x.free?.failed || x.paid?.failed);
const result = writeResult('registrations-throughput', {
  goal: { text: 'recorded, no goal yet: registrations/s through POST /api/v1/crm/registrations on PGlite and PostgreSQL, with peak server RSS', metric: 'pgliteFreeRegistrationsPerSec', op: '>=', value: 0, unit: 'registrations/s' },
  status: results.pglite?.error && results.postgres?.error ? 'error' : 'ok',
  // Recorded only: pass stays null unless a run broke (a failed registration or a database that did not run).
  forcePass: anyFailed ? false : null,
  figures: {
    concurrency: CONCURRENCY,
    pgliteFreeRegistrationsPerSec: r('pglite', 'free'),
    pglitePaidRegistrationsPerSec: r('pglite', 'paid'),
    postgresFreeRegistrationsPerSec: r('postgres', 'free'),
    postgresPaidRegistrationsPerSec: r('postgres', 'paid'),
    pglitePeakRssMB: results.pglite?.peakRssMB ?? null,
    postgresPeakRssMB: results.postgres?.peakRssMB ?? null,
    argon2HashesPerSec: argon2Hash.perSec,
    argon2VerificationsPerSec: argon2Verify.perSec,
    pgliteFreeOverArgon2Hash: r('pglite', 'free') && round(r('pglite', 'free') / argon2Hash.perSec, 3),
    postgresFreeOverArgon2Hash: r('postgres', 'free') && round(r('postgres', 'free') / argon2Hash.perSec, 3),
    bareRequestsPerSec: bareRun.perSec,
    bareRssMB: bareMemory.rssMB,
    argon2: { parameters: argon2Described(), hash: argon2Hash, verify: argon2Verify },
    bare: bareRun,
    pglite: results.pglite,
    postgres: results.postgres,
    loadavg1mBefore: loadBefore,
    loadavg1mAfter: Number(os.loadavg()[0].toFixed(2)),
  },
  method: `The built server (packages/server/dist/main.mjs) spawned as its own process with NODE_ENV=production, LOG_LEVEL=silent, the demo company config with the captcha off and no email confirmation (written to a temp JSON file; a load generator cannot solve proof-of-work, and mail is not the registration's work), rate limits raised to 1e9 by a module hook (--import bench/lib/rate-limit-register.mjs; the limiter still runs). PGlite: a fresh data folder. PostgreSQL: a fresh database made with packages/server/src/testing/fresh-postgres.ts on ${new URL(PG_BASE).host}, migrated by the server at start, dropped after. Client: ${CONCURRENCY} closed-loop workers in the benchmark process (global fetch, keep-alive), 1 s warm-up at 2 workers, then ${FREE_MS / 1000} s free plan, then ${PAID_MS / 1000} s paid plan. One free registration = POST /api/v1/nonce + POST /api/v1/crm/registrations (JSON: person with a password, account with billing address and tax id, plan-free, terms). One paid registration = POST /billing/paymentinformation/intent (plan-pro, $128.00 due) + POST /sandbox/v1/tokens (4242…) + POST /sandbox/v1/intents/confirm + POST /nonce + POST /crm/registrations with the client secret; each answer checked (201, invoice Paid). Peak RSS = the server process's VmRSS sampled from /proc every 100 ms during the load (kernelPeakRssMB = its VmHWM since start, which includes start-up). argon2: @node-rs/argon2 hash and verify with ARGON2_PARAMS imported from the server's source, ${CONCURRENCY} concurrent, ${ARGON2_MS / 1000} s each, in the benchmark process while no server runs. Bare: Fastify() with one POST route in its own process answering 201 with a 2 KB JSON, driven by the same client with the same body for 3 s (the HTTP + client floor).`,
  notes: [
    'Registration hashes the password with argon2id, so registrations/s is bound by argon2 hashes/s on this machine (pgliteFreeOverArgon2Hash / postgresFreeOverArgon2Hash is the share of that floor reached).',
    `${os.cpus().length} CPUs shared by the server, its PGlite worker thread (or PostgreSQL), the argon2 thread pool and the client; other jobs may run on the machine (loadavg1mBefore/After).`,
    ...failures,
  ],
});
console.log(JSON.stringify({ name: result.name, pass: result.pass, pglite: [r('pglite', 'free'), r('pglite', 'paid')], postgres: [r('postgres', 'free'), r('postgres', 'paid')] }));
process.exit(0);
