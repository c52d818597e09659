import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@portico/core';
import { AppError } from './app-error.ts';

/** Who shares one counter. Add a kind here (e.g. `ip+account`) when a row needs it. */
export type LimitKey = 'ip' | 'email' | 'account';

export interface RateLimitRow {
  /** Allowed per key per window: every request (`counts: 'requests'`), or only reported failures. */
  max: number;
  windowMs: number;
  key: LimitKey;
  /**
   * `requests`: a route limit, every request counts (applied with `routeRateLimit`).
   * `failures`: only attempts the route reports as failed count (`failureLimiter`), so a
   * caller that gets it right is never refused because someone else got it wrong.
   */
  counts: 'requests' | 'failures';
  /** What the limit protects, for the reader and docs/configuration.md. */
  protects: string;
}

/**
 * Every rate limit of the product. Add a row here and apply it by name; the store
 * (Redis when REDIS_URL is set, else memory), the key, the 429 error shape and
 * `Retry-After` come with it. See docs/decisions.md "Rate limits".
 */
export const RATE_LIMITS = {
  adminKeyFailures: {
    max: 10, windowMs: 60_000, key: 'ip', counts: 'failures',
    protects: 'Guessing the admin key. Only wrong keys count; the right key is always accepted, so nobody can lock the owner out.',
  },
  discountCodeLookup: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing discount codes one public lookup at a time.',
  },
  chargeSummaryCompute: {
    max: 240, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'CPU: the public invoice previews (compute-charge-summary, compute-renewal-summary), each route counted apart.',
  },
  paymentIntentCreate: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The payment gateway: each public get-intent (and setup-intent) call creates an intent at the provider. The widget hides the card form on 429 (spec 1 section 8).',
  },
  paymentIntentCancel: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The payment gateway: public cancel-intent calls (each asks the provider).',
  },
  paymentSetupFailure: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Public setup-failure reports (sf); the widget hides the card form on 429.',
  },
  paymentInformationSave: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Saving a payment method (each asks the provider); the widget keeps its error display hidden on 429.',
  },
  billingPortalSession: {
    max: 10, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: "The payment gateway: each call opens a session of the provider's customer portal (the owner clicks once; a loop would not).",
  },
  signInPerAddress: {
    max: 20, windowMs: 5 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Password guessing from one address against many emails (POST /tokens, every attempt counts: a right password cannot be told from a guess before argon2 runs).',
  },
  signInPerEmail: {
    max: 10, windowMs: 15 * 60_000, key: 'email', counts: 'requests',
    protects: 'Password guessing against one email from many addresses (POST /tokens, keyed by the lower-cased username).',
  },
  passwordValidation: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'CPU and history probing: POST /auth/validate-password hashes against the password history.',
  },
  sandboxGateway: {
    max: 120, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The built-in sandbox gateway\'s public endpoints (tokens, confirm, authentication), each route counted apart.',
  },
  signupNonce: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Filling the nonces table: POST /nonce writes a row (each expires after 30 minutes and is swept a day later).',
  },
  emailExistsCheck: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Listing who has an account: the sign-up form\'s email check answers whether an email is taken (docs/registration.md).',
  },
  registrationSubmit: {
    max: 20, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Mass sign-ups and argon2 CPU: POST /crm/registrations and /validate, each route counted apart (the captcha and the nonce stop scripts too).',
  },
  emailConfirmation: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing confirmation tokens (32 random bytes, so this only bounds the load).',
  },
  forgotPasswordPerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Mail bombing and address probing from one address: POST /crm/people/forgotPassword sends a mail each time.',
  },
  forgotPasswordPerEmail: {
    max: 5, windowMs: 60 * 60_000, key: 'email', counts: 'requests',
    protects: 'Flooding one inbox with reset mails from many addresses (POST /crm/people/forgotPassword, keyed by the lower-cased email).',
  },
  resetPasswordPerAddress: {
    max: 20, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing reset tokens and argon2 CPU: POST /crm/people/resetPassword/{token} and its options, each route counted apart.',
  },
  passwordChange: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing the current password with a stolen access token, and argon2 CPU: PUT /profile/password (counted before the token check).',
  },
  invitePerAccount: {
    max: 30, windowMs: 60 * 60_000, key: 'account', counts: 'requests',
    protects: 'An account sending invitation mail to strangers: POST /profile/account/people, keyed by the signed-in account (use after the access-token guard).',
  },
  invitePerAddress: {
    max: 30, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Invitation mail from one address across many accounts (POST /profile/account/people).',
  },
} as const satisfies Record<string, RateLimitRow>;

export type RateLimitName = keyof typeof RATE_LIMITS;
type NamesCounting<C extends RateLimitRow['counts']> = {
  [N in RateLimitName]: (typeof RATE_LIMITS)[N]['counts'] extends C ? N : never
}[RateLimitName];

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
 * Registers @fastify/rate-limit (no global limit: each route names its row) over Redis when
 * configured. The app owns its Redis connection and closes it on close. A Redis outage lets
 * requests through (`skipOnError`) rather than failing sign-ups; the client does not queue
 * commands while disconnected, so a request never waits for Redis to come back.
 */
export async function registerRateLimits(app: FastifyInstance, { redisUrl, prefix = 'portico:rl:' }: RateLimitStoreOptions = {}): Promise<void> {
  let store: { redis?: unknown; nameSpace?: string } = {};
  if (redisUrl) {
    const { Redis } = await import('ioredis'); // loaded only when REDIS_URL is set
    const redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // ioredis reconnects on its own; log the outage once, not each retry.
    let down = false;
    let lastError: Error | undefined;
    redis.on('error', (err: Error) => {
      lastError = err;
      if (!down) app.log.warn({ err }, 'rate-limit Redis unreachable: limits are not enforced until it is back');
      down = true;
    });
    redis.on('ready', () => { down = false; });
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`Cannot reach Redis for rate limits (REDIS_URL): ${(lastError ?? (err as Error)).message}`, { cause: err });
    }
    app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
    store = { redis, nameSpace: prefix };
  }
  await app.register(rateLimit, {
    global: false,
    ...store,
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new AppError(ErrorCode.TooManyRequests, `Too many requests; try again in ${ctx.after}.`),
  });
}

/** Route config applying a named request limit: `config: routeRateLimit('discountCodeLookup')`. */
export function routeRateLimit(name: NamesCounting<'requests'>): { rateLimit: RateLimitOptions } {
  const row: RateLimitRow = RATE_LIMITS[name];
  return { rateLimit: { max: row.max, timeWindow: row.windowMs, keyGenerator: KEY_OF[row.key] } };
}

export interface FailureLimiter {
  /** Counts one failure from this caller; returns the seconds to wait when it is over the limit, else null. */
  recordFailure(req: FastifyRequest): Promise<number | null>;
}

/**
 * A limiter on which only failures count: the route checks the attempt first, and a
 * correct attempt never touches the counter. Uses the plugin's store (Redis or memory).
 * Call after registerRateLimits; one limiter per name, shared by every route that uses it.
 */
export function failureLimiter(app: FastifyInstance, name: NamesCounting<'failures'>): FailureLimiter {
  const row: RateLimitRow = RATE_LIMITS[name];
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${name}:${KEY_OF[row.key](req)}` });
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
export function preHandlerLimit(app: FastifyInstance, name: NamesCounting<'requests'>) {
  const row: RateLimitRow = RATE_LIMITS[name];
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${name}:${KEY_OF[row.key](req)}` });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(reply, result.ttlInSeconds);
  };
}
