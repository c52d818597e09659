import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { setCaller } from '../http/caller.ts';
import { tooManyRequests, type FailureLimiter } from '../http/rate-limits.ts';

const digest = (v: string) => createHash('sha256').update(v).digest();

/**
 * Bearer admin key from PORTICO_ADMIN_KEY; without one the admin API stays closed.
 * The key is checked before any limit: the right key is always accepted, so wrong keys
 * sent from the owner's address (or a shared proxy's) cannot lock the owner out. Only
 * wrong keys count (`adminKeyFailures` in admin.rate-limits.ts); past the limit a wrong
 * key answers 429 with Retry-After. A request without a key guesses nothing and is
 * simply 401. Make one guard and add it to every admin scope, so all admin routes
 * share one count per address.
 */
export function adminKeyGuard(adminKey: string | undefined, failures: FailureLimiter) {
  const expected = adminKey ? digest(adminKey) : null;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!expected) throw new AppError(ErrorCode.Unauthorized, 'The admin API is disabled: set PORTICO_ADMIN_KEY.');
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new AppError(ErrorCode.Unauthorized, 'Send the admin key as "Authorization: Bearer <key>".');
    if (timingSafeEqual(digest(match[1]!.trim()), expected)) {
      setCaller(request, { kind: 'admin', ip: request.ip });
      return;
    }
    const retryAfter = await failures.recordFailure(request);
    if (retryAfter !== null) throw tooManyRequests(reply, retryAfter, 'Too many wrong admin keys from this address; try again later.');
    throw new AppError(ErrorCode.Unauthorized, 'The admin key is not valid.');
  };
}
