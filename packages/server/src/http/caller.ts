import type { FastifyInstance, FastifyRequest } from 'fastify';

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
  }
  // An operator of the console (issue 20; operators/operator-guard.ts): never a person, so no member route lets one in.
  | { kind: 'operator'; ip: string; operatorUid: string; sessionUid: string; role: 'agent' | 'admin'; name: string; initials: string };

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

// Which account a caller may read or change: accounts/account-access.ts (the one access rule).
