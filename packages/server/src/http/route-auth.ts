import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/**
 * Who may call a route. `public` needs no credential; the others name a security scheme
 * of the OpenAPI document (api-docs.ts), which reads this value from the route's config.
 */
export type RouteAuth = 'public' | 'adminKey' | 'accessToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by guardRoutes for a whole scope, or on one route whose own hook checks a credential. */
    auth?: RouteAuth;
  }
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
