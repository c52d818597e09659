import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../bus/event-bus.ts';

/** A part of the node that can run degraded: the reason while it is, else null. */
export type HealthCheck = () => string | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** What /healthz asks (http/health.ts); add with addHealthCheck on the root app. */
    healthChecks: HealthCheck[];
  }
}

/** Adds a check /healthz reports (call on the root app, before or after the route is registered). */
export function addHealthCheck(app: FastifyInstance, check: HealthCheck): void {
  if (!app.hasDecorator('healthChecks')) app.decorate('healthChecks', []);
  app.healthChecks.push(check);
}

export interface HealthAnswer {
  /** `degraded`: the node serves every request, but something it shares with the other nodes is cut off (see reasons). */
  status: 'ok' | 'degraded';
  database: string;
  bus: string;
  /** Why the node is degraded, one line each; empty when ok. */
  reasons: string[];
}

/**
 * GET /healthz for load balancers and monitoring (docs/production.md): always 200 while the node
 * serves requests, so a load balancer keeps a node that runs degraded (for instance on per-node
 * rate limits while Redis is down); monitoring alerts on `status` other than `ok`.
 */
export function healthRoute(app: FastifyInstance, { database, bus }: { database: string; bus: EventBus }): void {
  addHealthCheck(app, () => bus.health?.() ?? null);
  // Load balancers poll it every few seconds: its requests are not logged below warnings.
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (): Promise<HealthAnswer> => {
    const reasons = app.healthChecks.map((check) => check()).filter((r): r is string => r !== null);
    return { status: reasons.length ? 'degraded' : 'ok', database, bus: bus.kind, reasons };
  });
}
