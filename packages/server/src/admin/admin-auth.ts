import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Failed admin-key attempts allowed per client address per window before 429. */
export const ADMIN_AUTH_FAILURES_PER_WINDOW = 10;
export const ADMIN_AUTH_WINDOW_MS = 60_000;

/**
 * Bearer admin key from PORTICO_ADMIN_KEY; without one the admin API stays closed.
 * Guessing is slowed down: after too many wrong keys from one address, 429 until
 * the window ends (per node; the key itself is long and random). Make one guard
 * and add it to every admin scope, so all admin routes share one count per address.
 */
export function adminKeyGuard(adminKey: string | undefined, now: () => number = Date.now) {
  const expected = adminKey ? digest(adminKey) : null;
  const failures = new Map<string, { count: number; resetAt: number }>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!expected) throw new AppError(ErrorCode.Unauthorized, 'The admin API is disabled: set PORTICO_ADMIN_KEY.');
    const t = now();
    const entry = failures.get(request.ip);
    if (entry && entry.resetAt <= t) failures.delete(request.ip);
    const current = failures.get(request.ip);
    if (current && current.count >= ADMIN_AUTH_FAILURES_PER_WINDOW) {
      reply.header('retry-after', Math.ceil((current.resetAt - t) / 1000));
      throw new AppError(ErrorCode.TooManyRequests, 'Too many wrong admin keys; try again later.');
    }
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (match && timingSafeEqual(digest(match[1]!.trim()), expected)) return;
    const record = current ?? { count: 0, resetAt: t + ADMIN_AUTH_WINDOW_MS };
    record.count += 1;
    failures.set(request.ip, record);
    if (failures.size > 10_000) failures.clear(); // bounded memory under a spray of addresses
    throw new AppError(ErrorCode.Unauthorized, match ? 'The admin key is not valid.' : 'Send the admin key as "Authorization: Bearer <key>".');
  };
}
