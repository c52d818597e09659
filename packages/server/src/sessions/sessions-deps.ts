import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { GeoIp } from './geoip.ts';

/** What the session list's use cases need (register-sessions.ts passes them in). */
export interface SessionsDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  geoIp: GeoIp;
}
