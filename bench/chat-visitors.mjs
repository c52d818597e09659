// chat-visitors (issue 19): 1,000 then 5,000 visitors connected to the chat hub of one server
// process (the built server, NODE_ENV=production, on PostgreSQL), together sending 100 messages/s,
// while an "operator" posts 20 replies/s through the admin API to random conversations; then the
// same 1,000 across two server processes sharing Redis (visitors on node A, replies posted to
// node B). The visitors run in a separate process (lib/chat-load.mjs) so their event loop is not
// the server's — but on this 2-core machine they still share the CPUs with the server and
// PostgreSQL, so the figures are a floor, not a ceiling.
// Figures: delivery latency p50/p99 (reply posted → visitor's receive), send ack p50/p99 (visitor
// send → stored and acknowledged), messages/s stored, server RSS per connected visitor.
// Goals: p99 delivery < 50 ms at 1,000 visitors; ≤ 20 KB per visitor.
// Run with: node --import tsx bench/chat-visitors.mjs (after node scripts/build.mjs)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BENCH_DIR, round, writeResult } from './lib/common.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { watchdog } from './lib/servers.mjs';

const { freshPostgresDatabase } = await import('../packages/server/src/testing/fresh-postgres.ts');

watchdog(590);
const PG_BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_KEY = `bench-admin-key-${randomBytes(8).toString('hex')}`;
// The same message rate at every size (visitors × 1/interval = 100 messages/s, plus 20 operator
// replies/s), so the sizes compare connections, not load: 1,000 visitors send every 10 s, 5,000 every 50 s.
const VISITOR_MESSAGES_PER_SEC = 100;
const DURATION_MS = 20_000;
const REPLIES_PER_SEC = 20;
const WARM_UP = 200;

const pct = (xs, p) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))], 1);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function scenario({ visitors, nodes }) {
  const db = await freshPostgresDatabase(PG_BASE);
  const env = { PORTICO_ADMIN_KEY: ADMIN_KEY, ...(nodes > 1 ? { REDIS_URL } : {}) };
  const servers = [];
  try {
    servers.push(await startPorticoProcess({ databaseUrl: db.url, env, gcProbe: true }));
    if (nodes > 1) servers.push(await startPorticoProcess({ databaseUrl: db.url, env }));
    const [a, b = a] = servers;
    // Warm-up: WARM_UP visitors connect, write once and leave, so the baseline already holds what the first
    // connections cost once (compiled code, the database pool's connections, Socket.IO's and the adapter's first
    // allocations): that is the server's, not any visitor's.
    const warmUp = fork(path.join(BENCH_DIR, 'lib/chat-load.mjs'), [a.url, String(WARM_UP), '1000', '0'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise((resolve) => warmUp.on('message', (m) => { if (m.ready) warmUp.send('go'); if (m.stats) { warmUp.send('stop'); resolve(); } }));
    await new Promise((r) => { if (warmUp.exitCode !== null) r(); else warmUp.once('exit', r); });
    await sleep(3000); // settle
    const before = a.memory().rssMB;
    const beforeGc = await a.memoryAfterGc();
    const intervalMs = (visitors / VISITOR_MESSAGES_PER_SEC) * 1000;
    // With more than 1,000 visitors, the load pauses at 1,000 connections so the RSS there is sampled:
    // (RSS at all − RSS at 1,000) / the rest is the marginal cost of one more connection, free of any one-time cost.
    // Both samples are taken before any first message, so the difference is connections alone.
    const checkpoint = visitors > 1000 ? 1000 : null;
    const load = fork(path.join(BENCH_DIR, 'lib/chat-load.mjs'), [a.url, String(visitors), String(intervalMs), String(DURATION_MS), checkpoint ? `${checkpoint},${visitors}` : ''], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const atCheckpointMB = {};
    load.on('message', (m) => {
      if (!m.checkpoint) return;
      void sleep(2000).then(() => a.memoryAfterGc()).then((mb) => { atCheckpointMB[m.checkpoint] = mb; load.send('continue'); });
    });
    const message = (key) => new Promise((resolve, reject) => {
      load.on('message', (m) => { if (m[key]) resolve(m); });
      load.once('exit', (code) => reject(new Error(`load process exited ${code}`)));
    });
    const t0 = Date.now();
    const { cases } = await message('ready');
    const connectSec = (Date.now() - t0) / 1000;
    await sleep(2000);
    const connected = a.memory().rssMB;
    const connectedGc = await a.memoryAfterGc();
    const stopWatch = a.watchMemory(200);
    const statsP = message('stats');
    const cpu0 = { servers: servers.map((s) => s.cpuMs() ?? 0) };
    load.send('go');
    // The operator: replies to random conversations through node B's admin API, each carrying its post time.
    let replies = 0;
    let replyErrors = 0;
    const inFlight = [];
    const until = Date.now() + DURATION_MS;
    // Open loop: a batch every 100 ms whether or not the last one was answered (a slow server does not slow the operator).
    while (Date.now() < until) {
      for (let i = 0; i < REPLIES_PER_SEC / 10; i += 1) {
        const caseUid = cases[Math.floor(Math.random() * cases.length)];
        inFlight.push(fetch(`${b.url}/api/v1/admin/chats/${caseUid}/messages`, {
          method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ AgentName: 'Bench', Comment: `t=${Date.now()} reply` }),
        }).then(async (res) => { if (res.status === 201) replies += 1; else replyErrors += 1; await res.arrayBuffer(); }, () => { replyErrors += 1; }));
      }
      await sleep(100);
    }
    await Promise.all(inFlight);
    const { stats } = await statsP;
    const serverCpuMs = servers.reduce((sum, s, i) => sum + (s.cpuMs() ?? 0) - cpu0.servers[i], 0);
    const mem = stopWatch();
    load.send('stop');
    await new Promise((r) => load.once('exit', r));
    return {
      visitors, nodes, connected: cases.length, connectSec: round(connectSec, 1),
      deliveryP50ms: pct(stats.deliveryMs, 50), deliveryP99ms: pct(stats.deliveryMs, 99), deliveries: stats.deliveryMs.length, replies, replyErrors,
      sendAckP50ms: pct(stats.ackMs, 50), sendAckP99ms: pct(stats.ackMs, 99), visitorMessages: stats.ackMs.length, sendErrors: stats.sendErrors,
      messagesPerSec: round((stats.ackMs.length + replies) / stats.elapsedSec, 0), intervalSec: intervalMs / 1000,
      serverCpuMsPerMessage: round(serverCpuMs / (stats.ackMs.length + replies), 2),
      rssBeforeMB: before, rssConnectedMB: connected, rssPeakUnderLoadMB: mem.peakSampledMB,
      kbPerVisitor: round(((connected - before) * 1024) / visitors, 1),
      rssBeforeAfterGcMB: beforeGc, rssConnectedAfterGcMB: connectedGc,
      kbPerVisitorAfterGc: round(((connectedGc - beforeGc) * 1024) / visitors, 1),
      ...(checkpoint ? { rssAt1000ConnectionsMB: atCheckpointMB[checkpoint], rssAtAllConnectionsMB: atCheckpointMB[visitors], marginalKbPerConnection: round(((atCheckpointMB[visitors] - atCheckpointMB[checkpoint]) * 1024) / (visitors - checkpoint), 1) } : {}),
    };
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

const runs = [];
for (const s of [{ visitors: 1000, nodes: 1 }, { visitors: 5000, nodes: 1 }, { visitors: 1000, nodes: 2 }]) {
  const r = await scenario(s);
  console.log(JSON.stringify(r));
  runs.push(r);
}
const [one, five, two] = runs;
writeResult('chat-visitors', {
  goal: { text: 'Chat at 1,000 connected visitors on one node (PostgreSQL): p99 delivery (operator reply posted → visitor receives) < 50 ms, and ≤ 20 KB server RSS per connected visitor', metric: 'deliveryP99msAt1000', op: '<', value: 50, unit: 'ms' },
  actual: one.deliveryP99ms,
  alsoRequired: Math.max(one.kbPerVisitor, one.kbPerVisitorAfterGc, five.kbPerVisitorAfterGc) <= 20,
  figures: {
    deliveryP99msAt1000: one.deliveryP99ms, kbPerVisitorAt1000: one.kbPerVisitor, kbPerVisitorAt5000: five.kbPerVisitor,
    kbPerVisitorAfterGcAt1000: one.kbPerVisitorAfterGc, kbPerVisitorAfterGcAt5000: five.kbPerVisitorAfterGc, marginalKbPerConnection1000To5000: five.marginalKbPerConnection,
    oneNode1000: one, oneNode5000: five, twoNodesRedis1000: two,
  },
  method: `Built server (NODE_ENV=production) on a fresh PostgreSQL database; visitors are socket.io-client sockets in a separate process (bench/lib/chat-load.mjs), WebSocket only, together sending ${VISITOR_MESSAGES_PER_SEC} messages/s (1,000 visitors every 10 s, 5,000 every 50 s) for ${DURATION_MS / 1000} s; an operator posts ${REPLIES_PER_SEC} replies/s through the admin API (to node B with two nodes, visitors on node A, Redis adapter). Rate limits raised (bench/lib/rate-limit-register.mjs) so one client address is not refused. RSS per visitor = (RSS with everyone connected and each visitor's first message stored, 2 s later − RSS before) / visitors, where "before" is sampled after a warm-up of ${WARM_UP} visitors who connected, wrote once and left; at 5,000 also the marginal RSS of connections 1,001-5,000 (the load pauses at 1,000 connections to sample it). The "after GC" figures are sampled right after the server ran a full garbage collection (bench/lib/gc-probe.mjs over its IPC channel, --expose-gc): what the connections keep alive; the plain ones include garbage not yet collected 2 s after the first messages.`,
  notes: ['2 cores shared by the server, PostgreSQL, Redis and the visitors\' process: latency includes CPU contention with the load generator.'],
});
