import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@portico/core';
import { AppError } from './app-error.ts';
import { connectRateLimitStore } from './rate-limit-store.ts';

/** Who shares one counter. Add a kind here (e.g. `ip+account`) when a row needs it. */
export type LimitKey = 'ip' | 'email' | 'account' | 'device' | 'person' | 'signedInPerson' | 'visitor';

export interface RateLimitRow {
  /**
   * The key the row stands under in its feature's table (`rateLimitRows` fills it in): what docs
   * and tests call it, and the prefix of its counters' store keys (all but routeRateLimit's, which the
   * plugin keys by route), so renaming it restarts those counts.
   */
  name: string;
  /** Allowed per key per window: every request (`counts: 'requests'`), or only reported failures. */
  max: number;
  windowMs: number;
  key: LimitKey;
  /**
   * `requests`: a route limit, every request counts (applied with `routeRateLimit`).
   * `failures`: only attempts the route reports as failed count (`failureLimiter`), so a
   * caller that gets it right is never refused because someone else got it wrong.
   * `events`: only what the route reports it is about to do (send a sign-in code mail) counts
   * (`eventLimiter`); past the limit the route skips it and answers as usual.
   */
  counts: 'requests' | 'failures' | 'events';
  /**
   * What a request past `max` gets: by default 429. `flag`: it goes on, marked as past the limit
   * (`flaggingLimit`), and the route decides (sign-in asks for a mailed code instead of refusing the owner).
   */
  over?: 'flag';
  /** What the limit protects, for the reader and docs/configuration.md. */
  protects: string;
}

/**
 * A feature's rows (`<feature>/<feature>.rate-limits.ts`), each with its `name` filled in from its
 * key and its literal types kept, so each apply function below takes only the rows of its kind
 * (a `failures` row cannot become a route limit). The module declares them (`rateLimits`) and
 * src/features.ts composes every module's into the one table; the store (Redis when REDIS_URL is
 * set, else memory), the key, the 429 error shape and `Retry-After` come with applying a row.
 * See docs/decisions.md "Rate limits".
 */
export function rateLimitRows<const T extends Record<string, Omit<RateLimitRow, 'name'>>>(rows: T): { readonly [N in keyof T & string]: T[N] & { readonly name: N } } {
  return Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, { ...row, name }])) as { [N in keyof T & string]: T[N] & { name: N } };
}

/** A row every request counts against, refused past its limit (`routeRateLimit`, `preHandlerLimit`). */
export type RequestRow = RateLimitRow & { counts: 'requests'; over?: undefined };
/** A row every request counts against, marked (not refused) past its limit (`flaggingLimit`). */
export type FlaggingRow = RateLimitRow & { counts: 'requests'; over: 'flag' };
/** A row only reported failures count against (`failureLimiter`). */
export type FailureRow = RateLimitRow & { counts: 'failures'; over?: undefined };
/** A row only reported events count against (`eventLimiter`). */
export type EventRow = RateLimitRow & { counts: 'events'; over?: undefined };

/** Who an event limiter counts for this request: set by eventLimiter just before it counts. */
const subjects = new WeakMap<FastifyRequest, string>();

// IPv6 clients are keyed by their /64: one host usually holds a whole /64, so single addresses would be free to rotate.
const KEY_OF: Record<LimitKey, (req: FastifyRequest) => string> = {
  ip: (req) => normalizeIP(req.ip),
  // Read after the body is parsed (preHandlerLimit); without a username the address stands in.
  // The sign-in form calls it `username`, the forgot-password body `Email` (or `email`).
  email: (req) => {
    const body = req.body as { username?: unknown; Email?: unknown; email?: unknown } | undefined;
    const name = body?.username ?? body?.Email ?? body?.email;
    return typeof name === 'string' && name.trim() !== '' ? `email:${name.trim().toLowerCase()}` : `ip:${normalizeIP(req.ip)}`;
  },
  // The signed-in account (request.caller, set by the access-token guard, so apply after it); else the address.
  account: (req) => {
    const caller = req.caller as { kind: string; accountUid?: string | null } | undefined;
    return caller?.kind === 'person' && caller.accountUid ? `account:${caller.accountUid}` : `ip:${normalizeIP(req.ip)}`;
  },
  // The sign-in form's device_token, by its SHA-256 (a counter key never holds the token); else the address.
  device: (req) => {
    const token = (req.body as { device_token?: unknown } | undefined)?.device_token;
    return typeof token === 'string' && token !== '' ? `device:${createHash('sha256').update(token).digest('base64url')}` : `ip:${normalizeIP(req.ip)}`;
  },
  // The signed-in person (request.caller, set by the access-token guard, so apply after it); else the address.
  signedInPerson: (req) => {
    const caller = req.caller as { kind: string; personUid?: string } | undefined;
    return caller?.kind === 'person' && caller.personUid ? `signed-in:${caller.personUid}` : `ip:${normalizeIP(req.ip)}`;
  },
  // The person the route names when it reports an event (eventLimiter's subject).
  person: (req) => `person:${subjects.get(req) ?? '-'}`,
  // The chat visitor a hub call comes from (socketLimiter's subject; issue 19).
  visitor: (req) => `visitor:${subjects.get(req) ?? '-'}`,
};

export interface RateLimitStoreOptions {
  /** Shared counters for every node; without it each node counts in memory. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis keys (tests give each run its own). */
  prefix?: string | undefined;
}

/** The one 429: the error shape plus `Retry-After` in whole seconds. */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, message?: string): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil(retryAfterSeconds)));
  return new AppError(ErrorCode.TooManyRequests, message);
}

/**
 * Registers @fastify/rate-limit (no global limit: each route applies its row). With REDIS_URL the
 * counts live in Redis, through a store that falls back to this node's memory while Redis is
 * unreachable (http/rate-limit-store.ts): no limit is ever switched off, /healthz says `degraded`
 * meanwhile, and the counts go back to Redis when it answers again. The store never hands the
 * plugin a Redis error, so `skipOnError` stays off: an error left would be a bug, not an outage.
 */
export async function registerRateLimits(app: FastifyInstance, { redisUrl, prefix = 'portico:rl:' }: RateLimitStoreOptions = {}): Promise<void> {
  const store = redisUrl ? { store: await connectRateLimitStore(app, redisUrl, prefix) } : {};
  await app.register(rateLimit, {
    global: false,
    ...store,
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => new AppError(ErrorCode.TooManyRequests, `Too many requests; try again in ${ctx.after}.`),
  });
}

/** Route config applying a request limit: `config: routeRateLimit(BILLING_RATE_LIMITS.discountCodeLookup)`. */
export function routeRateLimit(row: RequestRow): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max: row.max, timeWindow: row.windowMs, keyGenerator: KEY_OF[row.key] } };
}

export interface FailureLimiter {
  /** Counts one failure from this caller; returns the seconds to wait when it is over the limit, else null. */
  recordFailure(req: FastifyRequest): Promise<number | null>;
}

/**
 * A limiter on which only failures count: the route checks the attempt first, and a
 * correct attempt never touches the counter. Uses the plugin's store (Redis or memory).
 * Call after registerRateLimits; one limiter per row, shared by every route that uses it.
 */
export function failureLimiter(app: FastifyInstance, row: FailureRow): FailureLimiter {
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${row.name}:${KEY_OF[row.key](req)}` });
  return {
    async recordFailure(req) {
      const result = await count(req);
      return !result.isAllowed && result.isExceeded ? result.ttlInSeconds : null;
    },
  };
}

/**
 * A request limit checked in preHandler, after the body is parsed, so a row keyed by a body
 * field (`email`) can count; several may guard one route, each its own counter. Every request
 * counts, like routeRateLimit.
 */
export function preHandlerLimit(app: FastifyInstance, row: RequestRow) {
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${row.name}:${KEY_OF[row.key](req)}` });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(reply, result.ttlInSeconds);
  };
}

export interface FlaggingLimit {
  /** preHandler: counts the request (every request, like preHandlerLimit); past the limit it marks it instead of refusing it. */
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Whether this request was past the limit when counted (false before the preHandler ran). */
  isOver(request: FastifyRequest): boolean;
}

/**
 * A request limit whose excess is marked, not refused (a row with `over: 'flag'`): the route
 * reads `isOver` and takes another path, so no one has to peek at a counter. Same store and key as
 * preHandlerLimit.
 */
export function flaggingLimit(app: FastifyInstance, row: FlaggingRow): FlaggingLimit {
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${row.name}:${KEY_OF[row.key](req)}` });
  const over = new WeakSet<FastifyRequest>();
  return {
    async preHandler(request) {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) over.add(request);
    },
    isOver: (request) => over.has(request),
  };
}

export interface EventLimiter {
  /**
   * Counts one event for `subject` (a person uid) and says whether it may happen. A null subject
   * counts on a key no one owns and is never allowed: a caller that must not show whether it had
   * a subject does the same store work either way.
   */
  allow(request: FastifyRequest, subject: string | null): Promise<boolean>;
}

/** A limit on something a route does (`counts: 'events'`), keyed by the subject the route names. */
export function eventLimiter(app: FastifyInstance, row: EventRow): EventLimiter {
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${row.name}:${KEY_OF[row.key](req)}` });
  return {
    async allow(request, subject) {
      subjects.set(request, subject ?? '-');
      const result = await count(request);
      return subject !== null && !(!result.isAllowed && result.isExceeded);
    },
  };
}

export interface SocketLimiter {
  /**
   * Counts one event outside an HTTP request (the chat hub's handshake and calls, issue 19) for the
   * client address `ip` and the row's subject (a visitor uid for `key: 'visitor'`), in the same store
   * as every other row; says whether it may happen.
   */
  allow(ip: string, subject?: string | null): Promise<boolean>;
}

/** An events row applied where there is no Fastify request: a socket's address and subject stand in for it. */
export function socketLimiter(app: FastifyInstance, row: EventRow): SocketLimiter {
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${row.name}:${KEY_OF[row.key](req)}` });
  return {
    async allow(ip, subject = null) {
      const standIn = { ip, routeOptions: { config: {} }, body: undefined, caller: undefined } as unknown as FastifyRequest;
      subjects.set(standIn, subject ?? '-');
      const result = await count(standIn);
      return !(!result.isAllowed && result.isExceeded);
    },
  };
}
