// init-throughput: GET /api/v1/widgets/auth/init of the real app vs a bare Fastify route
// serving the same JSON text, both in this process; autocannon runs in a child process.
// Run with: node --import tsx bench/init-throughput.mjs
import { writeResult } from './lib/common.mjs';
import { compareThroughput, LOAD_METHOD } from './lib/http-compare.mjs';
import { startBare, startPortico, watchdog } from './lib/servers.mjs';

watchdog(90);
const PATH = '/api/v1/widgets/auth/init';
const portico = await startPortico();
const res = await fetch(portico.url + PATH);
if (res.status !== 200) throw new Error(`init answered ${res.status}`);
const json = await res.text();
const bare = await startBare('GET', PATH, json);
const check = await (await fetch(bare.url + PATH)).text();
if (check !== json) throw new Error('bare payload differs');

const f = await compareThroughput({ ours: { url: portico.url + PATH }, bare: { url: bare.url + PATH } });
await portico.close();
await bare.close();

const result = writeResult('init-throughput', {
  goal: { text: 'GET /api/v1/widgets/auth/init ≥ 0.6 × the requests/s of a bare Fastify route with the same payload', metric: 'ratioOursOverBare', op: '>=', value: 0.6, unit: 'ratio' },
  actual: f.ratioOursOverBare,
  figures: { payloadBytes: Buffer.byteLength(json), ...f },
  method: `${LOAD_METHOD} Ours: startServer() from packages/server/src (tsx), PGlite in a fresh temp data folder, LOG_LEVEL=silent, NODE_ENV=production, GET ${PATH} without query (served from the in-memory serialized cache). Bare: Fastify() with one GET route sending the same JSON text (read from ours first) with the same content-type.`,
  notes: f.oursNon2xx || f.bareNon2xx ? [`non-2xx/errors: ours ${f.oursNon2xx}, bare ${f.bareNon2xx}`] : [],
});
console.log(JSON.stringify({ name: result.name, pass: result.pass }));
process.exit(0);
