import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { setCaller, type Caller } from '../http/caller.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { AuthConfig } from './auth-config.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { liveSession } from './sessions.ts';
import type { SessionCache } from './session-cache.ts';

type PersonCaller = Extract<Caller, { kind: 'person' }>;
type GuardDeps = { tokens: AccessTokens; sessions: SessionsRepository; auth: AuthConfig; clock: ServerClock; cache?: SessionCache };

/**
 * `Bearer <access token>` as the person it names: the signature and expiry, then the session the
 * token names must still be live, so logout (or the idle/absolute limit) stops the token at once and
 * not when it expires. The HTTP guard below and the chat hub's handshake (no HTTP request there) share it.
 */
export function accessTokenVerifier(deps: GuardDeps) {
  return async (authorization: string | undefined, ip: string): Promise<PersonCaller> => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new AppError(ErrorCode.Unauthorized, 'Send the access token as "Authorization: Bearer <token>".');
    const claims = await deps.tokens.verify(match[1]!);
    const session = claims ? await liveSession(deps.sessions, deps.auth, claims.sid, deps.clock.now(), deps.cache) : null;
    if (!claims || !session || session.personUid !== claims.sub) {
      throw new AppError(ErrorCode.Unauthorized, 'The access token is not valid or its session has ended; sign in again.');
    }
    return {
      kind: 'person', ip, personUid: claims.sub, accountUid: session.accountUid,
      isPrimary: claims.account_uid === session.accountUid ? claims.is_primary : false, sessionUid: session.uid,
    };
  };
}

/** The scope guard: sets the caller to the person, their account and session (accessTokenVerifier). */
export function accessTokenGuard(deps: GuardDeps) {
  const verify = accessTokenVerifier(deps);
  return async (request: FastifyRequest): Promise<void> => {
    setCaller(request, await verify(request.headers.authorization, request.ip));
  };
}
