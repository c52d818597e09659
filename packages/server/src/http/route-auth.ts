import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * Who may call a route. `public` needs no credential; the others name a security scheme
 * of the OpenAPI document (api-docs.ts), which reads this value from the route's config.
 */
export type RouteAuth = 'public' | 'adminKey' | 'accessToken' | 'accessTokenOrAdminKey' | 'operatorToken' | 'inboundMailSecret';
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by guardRoutes for a whole scope, or on one route whose own hook checks a credential. */
    auth?: RouteAuth;
  }
}

const JWT = /^Bearer\s+[\w-]+\.[\w-]+\.[\w-]+\s*$/i;

/**
 * `accessTokenOrAdminKey`: routes on one account that its members call with their access token
 * and the operator with the admin key (docs/auth.md "Who may call what"). A bearer shaped like a
 * JWT goes to the access-token guard, anything else to the admin guard, so a member's token is
 * never counted as a wrong admin key (adminKeyFailures) and a wrong key still is. Which account the
 * caller may touch is the use case's check (accounts/account-access.ts).
 */
export function accessTokenOrAdminKeyGuard(accessToken: Guard, adminKey: Guard): Guard {
  return async (request, reply) => {
    if (JWT.test(request.headers.authorization ?? '')) await accessToken(request, reply);
    else await adminKey(request, reply);
  };
}

/**
 * Adds a credential check to every route of a scope and marks those routes with the scheme
 * it checks, so the OpenAPI `security` of each operation comes from the same line that
 * enforces it. A route may still set its own `config.auth`; routes without one are public.
 */
export function guardRoutes(scope: FastifyInstance, auth: Exclude<RouteAuth, 'public'>, guard: onRequestHookHandler): void {
  scope.addHook('onRequest', guard);
  scope.addHook('onRoute', (route) => {
    route.config = { auth, ...route.config };
  });
}
