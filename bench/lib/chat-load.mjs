// The chat benchmark's visitors, in a process of their own so their event loop is not the
// server's (bench/chat-visitors.mjs starts it). Connects N socket.io-client visitors to the
// hub, each sends a first message (its case), then one message every INTERVAL_MS (spread
// evenly); records each send's ack time and, for operator replies whose Comment carries the
// time they were posted ("t=<ms since epoch>"), the delivery latency to the visitor.
// Talks to its parent over IPC: { ready, cases } once connected, { stats } at the end.
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';

const [url, countText, intervalText, durationText, checkpointsText = ''] = process.argv.slice(2);
// Connection counts at which to pause and tell the parent (it samples the server's memory), until it answers 'continue'.
const CHECKPOINTS = new Set(checkpointsText.split(',').filter(Boolean).map(Number));
const COUNT = Number(countText);
const INTERVAL_MS = Number(intervalText);
const DURATION_MS = Number(durationText);
const PATH = '/api/v1/chat/hub';
const CONNECT_BATCH = 100;

const sockets = [];
const cases = [];
const ackMs = [];
const deliveryMs = [];
let sendErrors = 0;
let received = 0;

function connectOne() {
  return new Promise((resolve, reject) => {
    const s = io(url, { path: PATH, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(new Error(e.message)));
    s.on('receive', (m) => {
      received += 1;
      const t = /^t=(\d+)/.exec(m.Comment)?.[1];
      if (t) deliveryMs.push(Date.now() - Number(t));
    });
  });
}

function send(s, comment) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    s.emit('send', { ClientId: randomUUID(), Comment: comment, Created: new Date().toISOString(), Type: 1 }, (ack) => {
      if (ack?.ok) ackMs.push(performance.now() - t0); else sendErrors += 1;
      resolve(ack);
    });
  });
}

for (let i = 0; i < COUNT; i += CONNECT_BATCH) {
  const batch = await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, COUNT - i) }, connectOne));
  sockets.push(...batch);
  if (CHECKPOINTS.has(sockets.length)) {
    process.send({ checkpoint: sockets.length });
    await new Promise((resolve) => process.once('message', resolve)); // "continue"
  }
}
// First messages, in batches: each visitor's case.
for (let i = 0; i < sockets.length; i += CONNECT_BATCH) {
  const acks = await Promise.all(sockets.slice(i, i + CONNECT_BATCH).map((s) => send(s, 'hello')));
  for (const a of acks) if (a?.ok) cases.push(a.data.Case.Uid);
}
ackMs.length = 0;
process.send({ ready: true, cases });

await new Promise((resolve) => process.once('message', resolve)); // "go"
const started = Date.now();
let sent = 0;
const timers = sockets.map((s, i) => {
  // Spread the visitors over the interval so the load is steady.
  const first = setTimeout(() => {
    void send(s, `message ${i}`); sent += 1;
    timers[i] = setInterval(() => { void send(s, `message ${i}`); sent += 1; }, INTERVAL_MS);
  }, (i / sockets.length) * INTERVAL_MS);
  return first;
});
await new Promise((r) => setTimeout(r, DURATION_MS));
for (const t of timers) { clearTimeout(t); clearInterval(t); }
await new Promise((r) => setTimeout(r, 1000)); // acks in flight
const elapsedSec = (Date.now() - started) / 1000;
process.send({ stats: { ackMs, deliveryMs, sent, sendErrors, received, elapsedSec } });
await new Promise((resolve) => process.once('message', resolve)); // "stop"
for (const s of sockets) s.disconnect();
process.exit(0);
