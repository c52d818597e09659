// profile-latency: GET /api/v1/profile with a signed-in person's access token at 50 concurrent
// connections, the built server in its own process on PostgreSQL: its p99 latency, and its
// requests/s as a ratio to a bare Fastify route (own process) that verifies the same JWT with
// jose against the same public key and sends the same answer text. Goal: ratio ≥ 0.5.
// Falls back to GET /api/v1/auth/session (same guard, no profile read) while /profile is not
// served yet, and says so. Run with: node --import tsx bench/profile-latency.mjs
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { decodeJwt } from 'jose';
import { machineInfo, ROOT, writeResult } from './lib/common.mjs';
import { compareThroughput, load } from './lib/http-compare.mjs';
import { startBareProcess, startPorticoProcess } from './lib/portico-process.mjs';
import { login, registerFree } from './lib/signup-requests.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(110);
const CONNECTIONS = 50;
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const goal = { text: 'GET /api/v1/profile at 50 connections on PostgreSQL ≥ 0.5 × the requests/s of a bare Fastify route verifying the same JWT with jose (p99 recorded)', metric: 'ratioOursOverBare', op: '>=', value: 0.5, unit: 'ratio' };
const loadBefore = machineInfo().loadavg1m;
const profileCommits = spawnSync('git', ['log', '--oneline', '--', 'packages/server/src/profile'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length;

const pg = await freshPostgresDatabase(PG_BASE);
const server = await startPorticoProcess({ databaseUrl: pg.url });
let f;
let measuredPath;
let answer;
let memory;
let guardOnly = null;
try {
  const email = await registerFree(server.url);
  const res = await login(server.url, email);
  const { access_token: token } = await res.json();
  if (res.status !== 200 || !token) throw new Error(`login answered ${res.status}`);
  const headers = { authorization: `Bearer ${token}` };
  for (const path of ['/api/v1/profile', '/api/v1/auth/session']) {
    const r = await fetch(server.url + path, { headers });
    if (r.status === 200) { measuredPath = path; answer = await r.text(); break; }
    if (r.status !== 404) throw new Error(`GET ${path} answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
  }
  if (!measuredPath) throw new Error('neither /api/v1/profile nor /api/v1/auth/session answered 200');
  const jwks = await (await fetch(`${server.url}/.well-known/jwks.json`)).json();
  const bare = await startBareProcess({ method: 'GET', url: measuredPath, answer, jwks, issuer: decodeJwt(token).iss });
  try {
    const check = await fetch(bare.url + measuredPath, { headers });
    if (check.status !== 200 || (await check.text()) !== answer) throw new Error(`the bare route answered ${check.status} or another text`);
    if ((await fetch(bare.url + measuredPath)).status !== 401) throw new Error('the bare route does not check the token');
    const stopWatch = server.watchMemory();
    f = await compareThroughput({
      ours: { url: server.url + measuredPath, headers },
      bare: { url: bare.url + measuredPath, headers },
      duration: 5, connections: CONNECTIONS, rounds: 2,
    });
    memory = stopWatch();
    // Where the time goes: the same guard (JWT + live session in the database) without the profile read.
    if (measuredPath === '/api/v1/profile') guardOnly = await load({ url: `${server.url}/api/v1/auth/session`, headers }, 5, CONNECTIONS);
  } finally {
    await bare.stop();
  }
} finally {
  await server.stop();
  await pg.drop();
}

const onProfile = measuredPath === '/api/v1/profile';
const result = writeResult('profile-latency', {
  goal,
  actual: f.ratioOursOverBare,
  alsoRequired: f.oursNon2xx === 0,
  figures: {
    measuredPath,
    profileRouteServed: onProfile,
    profileFolderCommits: profileCommits,
    connections: CONNECTIONS,
    oursLatencyP99ms: f.oursLatencyP99ms,
    answerBytes: Buffer.byteLength(answer),
    serverPeakRssDuringLoadMB: memory.peakSampledMB,
    authSessionRequestsPerSec: guardOnly ? Math.round(guardOnly.requestsPerSec) : null,
    authSessionLatencyP99ms: guardOnly?.latencyP99ms ?? null,
    ...f,
    loadavg1mBefore: loadBefore,
    loadavg1mAfter: Number(os.loadavg()[0].toFixed(2)),
  },
  method: `The built server (packages/server/dist/main.mjs) spawned as its own process, NODE_ENV=production (response validation off, as in production), LOG_LEVEL=silent, PostgreSQL: a fresh database on ${new URL(PG_BASE).host} (packages/server/src/testing/fresh-postgres.ts), migrated by the server, dropped after. One person registered (free plan) and signed in with POST /api/v1/tokens; every request carries that access token (ES256 JWT) as Authorization: Bearer; ours checks it (signature, issuer, audience, expiry, the live session in the database) and reads the profile. Bare: Fastify() in its own process, one GET route that verifies the same token with jose jwtVerify (ES256, same issuer, audience "portico", expiry) against the server's public keys (its /.well-known/jwks.json, fetched once) and sends the answer text ours gave (checked equal, and 401 without a token). Load: autocannon 9 in a child process (bench/lib/load.mjs), ${CONNECTIONS} connections, no pipelining, keep-alive; 1 s warm-up of each, then rounds A B A B of 5 s; the better round of each side is kept; p99 = autocannon's (whole ms) in the kept round. Then, for where the time goes, one 5 s round of GET /api/v1/auth/session with the same token (the same guard and session check, no profile read): authSessionRequestsPerSec. Three processes (server, bare, load generator) share ${os.cpus().length} CPUs, only one server is loaded at a time; PostgreSQL runs on the same machine and is shared with other jobs.`,
  notes: [
    ...(onProfile && profileCommits === 0 ? ['GET /api/v1/profile was served by the build of the working tree, but nothing under packages/server/src/profile was committed yet: the figure is of work in progress.'] : []),
    ...(onProfile ? [] : ['GET /api/v1/profile was not served by this build (404), so GET /api/v1/auth/session was measured: the same access-token guard and session check, without the profile read. Re-run once /profile lands.']),
    ...(f.oursNon2xx || f.bareNon2xx ? [`non-2xx/errors: ours ${f.oursNon2xx}, bare ${f.bareNon2xx}`] : []),
  ],
});
console.log(JSON.stringify({ name: result.name, pass: result.pass, path: measuredPath, ratio: f.ratioOursOverBare, p99: f.oursLatencyP99ms }));
process.exit(0);
