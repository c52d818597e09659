import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { setCaller } from '../http/caller.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import { liveSession } from '../auth/sessions.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { OperatorClaims } from './console-tokens.ts';
import type { OperatorSession, OperatorSessionsRepository } from './operator-sessions.repository.ts';

/**
 * The console's guard (`operatorGuard`): the token must be a console token (its own audience, so a
 * member's token fails here as an operator's fails the member guard) and its session live, exactly
 * as auth/access-token-guard.ts checks a member's. Sets the caller to the operator.
 */
export function operatorGuard(deps: { tokens: AccessTokens<OperatorClaims>; sessions: OperatorSessionsRepository; auth: AuthConfig; clock: ServerClock; cache?: SessionCache<OperatorSession> }) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new AppError(ErrorCode.Unauthorized, 'Send the console token as "Authorization: Bearer <token>".');
    const claims = await deps.tokens.verify(match[1]!);
    const session = claims ? await liveSession(deps.sessions, deps.auth, claims.sid, deps.clock.now(), deps.cache) : null;
    if (!claims || !session || session.operatorUid !== claims.sub) {
      throw new AppError(ErrorCode.Unauthorized, 'The console token is not valid or its session has ended; sign in to the console again.');
    }
    setCaller(request, { kind: 'operator', ip: request.ip, operatorUid: claims.sub, sessionUid: session.uid, role: claims.role, name: claims.name, initials: claims.initials });
  };
}

/** The operator behind a console route (the guard ran). */
export function operatorOf(request: FastifyRequest) {
  const c = request.caller;
  if (c.kind !== 'operator') throw new AppError(ErrorCode.Unauthorized);
  return c;
}
