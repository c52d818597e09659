// Load generator, run as a child process so it does not share an event loop (or
// a JIT) with the servers under test: node bench/lib/load.mjs '<json options>'.
// Prints one JSON line with the autocannon figures.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: opts.url,
  method: opts.method ?? 'GET',
  headers: opts.headers ?? {},
  body: opts.body,
  connections: opts.connections ?? 10,
  duration: opts.duration ?? 8,
  pipelining: 1,
});
console.log(JSON.stringify({
  requestsPerSec: result.requests.average,
  requestsTotal: result.requests.total,
  latencyP50ms: result.latency.p50,
  latencyP99ms: result.latency.p99,
  latencyAvgms: result.latency.average,
  throughputBytesPerSec: result.throughput.average,
  ok2xx: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  durationSec: result.duration,
}));
