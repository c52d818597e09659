import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { setCaller, type Caller } from '../http/caller.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import { liveSession } from '../auth/sessions.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { OperatorClaims } from './console-tokens.ts';
import type { OperatorSession, OperatorSessionsRepository } from './operator-sessions.repository.ts';

type OperatorCaller = Extract<Caller, { kind: 'operator' }>;
type GuardDeps = { tokens: AccessTokens<OperatorClaims>; sessions: OperatorSessionsRepository; auth: AuthConfig; clock: ServerClock; cache?: SessionCache<OperatorSession> };

/**
 * `Bearer <console token>` as the operator it names: the token must be a console token (its own
 * audience, so a member's token fails here as an operator's fails the member guard) and its session
 * live, exactly as auth/access-token-guard.ts checks a member's. The HTTP guard below and the console
 * feed's handshake (operators/console-feed.ts, no HTTP request there) share it; `expires` is the
 * token's own end (the feed keeps a socket no longer).
 */
export function operatorVerifier(deps: GuardDeps) {
  return async (authorization: string | undefined, ip: string): Promise<{ caller: OperatorCaller; expires: Date | null }> => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new AppError(ErrorCode.Unauthorized, 'Send the console token as "Authorization: Bearer <token>".');
    const claims = await deps.tokens.verify(match[1]!);
    const session = claims ? await liveSession(deps.sessions, deps.auth, claims.sid, deps.clock.now(), deps.cache) : null;
    if (!claims || !session || session.operatorUid !== claims.sub) {
      throw new AppError(ErrorCode.Unauthorized, 'The console token is not valid or its session has ended; sign in to the console again.');
    }
    return {
      caller: { kind: 'operator', ip, operatorUid: claims.sub, sessionUid: session.uid, role: claims.role, name: claims.name, initials: claims.initials },
      expires: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null,
    };
  };
}
export type OperatorVerifier = ReturnType<typeof operatorVerifier>;

/** The console's guard (`operatorGuard`): sets the caller to the operator (operatorVerifier). */
export function operatorGuard(deps: GuardDeps) {
  const verify = operatorVerifier(deps);
  return async (request: FastifyRequest): Promise<void> => {
    setCaller(request, (await verify(request.headers.authorization, request.ip)).caller);
  };
}

/** The operator behind a console route (the guard ran). */
export function operatorOf(request: FastifyRequest) {
  const c = request.caller;
  if (c.kind !== 'operator') throw new AppError(ErrorCode.Unauthorized);
  return c;
}
