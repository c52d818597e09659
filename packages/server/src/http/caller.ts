import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@portico/core';
import { AppError } from './app-error.ts';

/**
 * Who is asking, decided once per request (a hook here, the admin guard, later the login) and
 * passed into use cases, which never read the request themselves.
 */
export type Caller =
  | { kind: 'anonymous'; ip: string }
  | { kind: 'admin'; ip: string }
  | {
    kind: 'person'; ip: string; personUid: string;
    /** Null while a person with several accounts has not chosen one (reissue the token with accountUid). */
    accountUid: string | null;
    isPrimary?: boolean;
    /** The sign-in session behind the access token (auth/access-token-guard.ts). */
    sessionUid?: string;
  };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Every request starts anonymous; a credential check that succeeds replaces the caller. */
export function registerCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request) => {
    request.caller = { kind: 'anonymous', ip: request.ip };
  });
}

export function setCaller(request: FastifyRequest, caller: Caller): void {
  request.caller = caller;
}

/**
 * Whether the caller may read or change this account: the admin may touch any, a person only
 * the account they are signed in to. Anonymous callers get a 401, a person another account's 403.
 */
export function assertMayManageAccount(caller: Caller, accountUid: string): void {
  if (caller.kind === 'admin') return;
  if (caller.kind === 'anonymous') throw new AppError(ErrorCode.Unauthorized);
  if (caller.accountUid !== accountUid) throw new AppError(ErrorCode.Forbidden);
}
