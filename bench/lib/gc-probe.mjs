// `node --expose-gc --import bench/lib/gc-probe.mjs <server>` (startPorticoProcess({ gcProbe: true })): the
// benchmark can ask the server over its IPC channel for a full garbage collection before it samples RSS, so a
// figure of memory per connection counts what the connections keep alive, not garbage the collector has not
// reached yet. Instrumentation of the benchmark only: nothing in packages/ changes.
process.on('message', (m) => {
  if (m?.benchGc !== true || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  globalThis.gc(); // a second pass frees what the first one's finalizers released
  process.send?.({ benchGcDone: true });
});
// Listening must not keep the server alive by itself.
process.channel?.unref();
