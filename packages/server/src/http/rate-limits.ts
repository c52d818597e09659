import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@portico/core';
import { AppError } from './app-error.ts';
import { connectRateLimitStore } from './rate-limit-store.ts';

/** Who shares one counter. Add a kind here (e.g. `ip+account`) when a row needs it. */
export type LimitKey = 'ip' | 'email' | 'account' | 'device' | 'person' | 'signedInPerson';

export interface RateLimitRow {
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
    max: 10, windowMs: 15 * 60_000, key: 'email', counts: 'requests', over: 'flag',
    protects: 'Password guessing against one email from many addresses (POST /tokens, keyed by the lower-cased username). Past it the account is "tripped", not refused: a known browser (device token) with the right password still signs in; anyone else gets 403 Errors.SignInCodeRequired, right password or not, and the right password mails a one-time code (docs/auth.md "Lockout and known browsers").',
  },
  signInPerDevice: {
    max: 10, windowMs: 15 * 60_000, key: 'device', counts: 'requests', over: 'flag',
    protects: 'Password guessing with a stolen device token while the account is tripped (POST /tokens with device_token, keyed by the token\'s hash): past it the token stops counting as a known browser and the mailed code is needed.',
  },
  signInCodeMail: {
    max: 3, windowMs: 15 * 60_000, key: 'person', counts: 'events',
    protects: 'Flooding one inbox with sign-in codes: a tripped sign-in with the right password mails a code at most this often per person; past it the answer is the same and no mail goes out.',
  },
  confirmationMailPerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Mail bombing and address probing from one address: POST /crm/registrations/confirmation-mail sends a confirmation mail each time.',
  },
  confirmationMailPerEmail: {
    max: 3, windowMs: 60 * 60_000, key: 'email', counts: 'requests',
    protects: 'Flooding one inbox with confirmation links from many addresses (POST /crm/registrations/confirmation-mail, keyed by the lower-cased Email).',
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
  reauthenticatePerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing the current password with a stolen access token, and argon2 CPU: POST /auth/reauthenticate (counted before the token check).',
  },
  reauthenticatePerPerson: {
    max: 10, windowMs: 15 * 60_000, key: 'signedInPerson', counts: 'requests',
    protects: 'The same guessing from many addresses: POST /auth/reauthenticate, keyed by the signed-in person (after the access-token guard).',
  },
  emailChangePerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Password guessing and mail to strangers from one address: POST /profile/email checks the password and mails the new address (counted before the token check).',
  },
  emailChangePerPerson: {
    max: 5, windowMs: 60 * 60_000, key: 'signedInPerson', counts: 'requests',
    protects: 'One person mailing links to many addresses, and password guessing from many addresses: POST /profile/email, keyed by the signed-in person.',
  },
  emailChangeLinkPerAddress: {
    max: 30, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing email-change and undo tokens (32 random bytes, so this only bounds the load): POST /profile/email/confirm and /undo, each counted apart.',
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
  [N in RateLimitName]: (typeof RATE_LIMITS)[N] extends { over: 'flag' } ? never : (typeof RATE_LIMITS)[N]['counts'] extends C ? N : never
}[RateLimitName];
type NamesFlagging = { [N in RateLimitName]: (typeof RATE_LIMITS)[N] extends { over: 'flag' } ? N : never }[RateLimitName];

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
 * Registers @fastify/rate-limit (no global limit: each route names its row). With REDIS_URL the
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
export function flaggingLimit(app: FastifyInstance, name: NamesFlagging): FlaggingLimit {
  const row: RateLimitRow = RATE_LIMITS[name];
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${name}:${KEY_OF[row.key](req)}` });
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
export function eventLimiter(app: FastifyInstance, name: NamesCounting<'events'>): EventLimiter {
  const row: RateLimitRow = RATE_LIMITS[name];
  const count = app.createRateLimit({ max: row.max, timeWindow: row.windowMs, keyGenerator: (req) => `${name}:${KEY_OF[row.key](req)}` });
  return {
    async allow(request, subject) {
      subjects.set(request, subject ?? '-');
      const result = await count(request);
      return subject !== null && !(!result.isAllowed && result.isExceeded);
    },
  };
}
