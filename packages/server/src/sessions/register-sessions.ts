import type { FastifyInstance } from 'fastify';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { openGeoIp } from './geoip.ts';
import { sessionsAdminRoutes, sessionsRoutes } from './sessions.routes.ts';

/**
 * The person's session list (issue 12 item 4; docs/auth.md "Sessions: seeing and ending them"):
 * the routes behind the access token, the admin route behind the admin key, and the GeoIP
 * database when `auth.geoIpDatabase` names one (opened here, so a bad file stops start-up).
 * Needs registerAuth first (app.auth.guard).
 */
export async function registerSessions(app: FastifyInstance, o: { config: CompanyConfig; clock: ServerClock; uow: UnitOfWork; adminGuard: Guard }): Promise<void> {
  const geoIp = await openGeoIp(o.config.auth.geoIpDatabase);
  const deps = { uow: o.uow, clock: o.clock, geoIp };
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    await sessionsRoutes(scope, deps);
  });
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', o.adminGuard);
    await sessionsAdminRoutes(scope, deps);
  });
}
