// See rate-limit-hook.mjs. The real plugin, with per-route limits raised to 1e9, and so are the
// limiters the app makes with createRateLimit (failure counters, limits keyed by a body field
// such as sign-in's per-email row): same store, same key, same code path, only `max` is higher.
const real = require('@fastify/rate-limit');
const fp = require('fastify-plugin');

const plugin = fp(async (fastify, opts) => {
  fastify.addHook('onRoute', (route) => {
    const rl = route.config?.rateLimit;
    if (rl && typeof rl === 'object') route.config = { ...route.config, rateLimit: { ...rl, max: 1e9 } };
  });
  if (typeof opts.max === 'number') opts = { ...opts, max: 1e9 };
  await fastify.register(real, opts);
  const create = fastify.createRateLimit;
  if (typeof create === 'function') fastify.createRateLimit = (options = {}) => create({ ...options, max: 1e9 });
}, { fastify: '5.x', name: 'bench-unlimited-rate-limit' });
module.exports = plugin;
module.exports.default = plugin;
module.exports.normalizeIP = real.normalizeIP;
