import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { RedisLink } from '../bus/redis-link.ts';
import { addHealthCheck } from './health.ts';

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;

/** The store contract of @fastify/rate-limit (its `store` option): `read` is used by `{ increment: false }`. */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
}
interface PluginParams { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }

// The plugin's own two stores, so counting works exactly as without this wrapper: its atomic Lua
// script in Redis, its LRU in memory. They are not in the package's types, hence require.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/** What /healthz says while the limits count per node. */
export const RATE_LIMITS_MEANWHILE = 'counting per node';

/**
 * A store for @fastify/rate-limit that counts in Redis while Redis answers and in this node's
 * memory while it does not, so no limit is ever switched off: during an outage each node enforces
 * every limit on its own (a client spreading requests over N nodes gets up to N times the limit),
 * and once Redis answers again the counts go back to it. A Redis error is never passed to the
 * plugin: the request is counted in memory instead. Every limit made through the plugin
 * (route configs, `app.createRateLimit`: routeRateLimit, failureLimiter, preHandlerLimit and the
 * rest of http/rate-limits.ts) gets a child of this store, one pair of counters per limit.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string, link: RedisLink) {
  return class RedisOrLocalStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: PluginParams, pair?: { shared: Store; local: Store }) {
      this.shared = pair?.shared ?? new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, nameSpace);
      this.local = pair?.local ?? new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, params.cache);
    }

    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      const local = () => {
        const store = this.local[method];
        if (!store) { cb(null, { current: 0, ttl: 0 }); return; }
        store.call(this.local, key, cb, timeWindow, max);
      };
      const shared = this.shared[method];
      if (!link.usable || !shared) { local(); return; }
      shared.call(this.shared, key, (err, result) => {
        if (!err) { cb(null, result); return; }
        link.failed(err);
        local();
      }, timeWindow, max);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void { this.use('incr', key, cb, timeWindow, max); }
    read(key: string, cb: Callback, timeWindow: number, max: number): void { this.use('read', key, cb, timeWindow, max); }

    child(routeOptions: object): Store {
      return new RedisOrLocalStore({}, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  };
}

/**
 * Connects the rate limits' own Redis client (REDIS_URL) and returns the store to give the plugin.
 * Unreachable at start-up fails the start (a misconfigured URL should not run on memory
 * silently); an outage later switches every limit to per-node counting, logged once each way and
 * reported by /healthz as `degraded` until Redis answers again. The client does not queue
 * commands while disconnected and gives up on one after a second, so a request never waits for Redis.
 */
export async function connectRateLimitStore(app: FastifyInstance, redisUrl: string, nameSpace: string) {
  const { Redis } = await import('ioredis'); // loaded only when REDIS_URL is set
  const redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  let startError: Error | undefined;
  const onStartError = (err: Error) => { startError = err; };
  redis.on('error', onStartError);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis for rate limits (REDIS_URL): ${(startError ?? (err as Error)).message}`, { cause: err });
  }
  const link = new RedisLink([redis], { what: 'rate limits', meanwhile: RATE_LIMITS_MEANWHILE, log: app.log });
  redis.off('error', onStartError);
  addHealthCheck(app, () => link.problem());
  app.addHook('onClose', async () => {
    link.close();
    await redis.quit().catch(() => redis.disconnect());
  });
  return redisOrLocalStore(redis, nameSpace, link);
}
