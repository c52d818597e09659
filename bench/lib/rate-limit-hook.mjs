// Module hook for the throughput benchmarks: every import of '@fastify/rate-limit' gets
// lib/rate-limit-unlimited.cjs, which registers the real plugin unchanged but first raises
// each route's `config.rateLimit.max` to 1e9. The limiter still runs on every request (key,
// store, headers), so its cost is measured, but one load generator on one IP is not answered 429.
const WRAPPER = new URL('./rate-limit-unlimited.cjs', import.meta.url).href;
export async function resolve(specifier, context, next) {
  if (specifier === '@fastify/rate-limit' && context.parentURL !== WRAPPER) return { url: WRAPPER, shortCircuit: true, format: 'commonjs' };
  return next(specifier, context);
}
