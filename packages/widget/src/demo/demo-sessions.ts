import { ErrorCode } from '@portico/core';
import type { Operation, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DemoRefusal } from './demo-transport.ts';

type SessionsPage = ResponseBody<Operation<'get', '/api/v1/profile/sessions'>>;
type DemoSession = SessionsPage['items'][number];

const MINUTE = 60_000;
const client = (browser: string, os: string, type: DemoSession['Device']['Type'], model: string | null = null) => ({
  Device: { Type: type, Vendor: null, Model: model }, Browser: { Name: browser, Version: null }, OperatingSystem: { Name: os, Version: null },
});

/** Each persona's browsers: this one, a phone and a work computer (places as a configured GeoIP database would name them). */
function initial(now: Date): DemoSession[] {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE).toISOString();
  return [
    { Uid: 'ses_this', IsCurrent: true, ...client('Chrome', 'macOS', 'Desktop'), IpAddress: '198.51.100.24',
      Location: { City: 'Lisbon', Country: 'Portugal', CountryCode: 'PT' }, Created: at(60 * 26), LastSeen: at(0) },
    { Uid: 'ses_phone', IsCurrent: false, ...client('Safari', 'iOS', 'Mobile', 'iPhone'), IpAddress: '2001:db8::42',
      Location: { City: 'Porto', Country: 'Portugal', CountryCode: 'PT' }, Created: at(60 * 24 * 6), LastSeen: at(95) },
    { Uid: 'ses_work', IsCurrent: false, ...client('Firefox', 'Windows', 'Desktop'), IpAddress: '203.0.113.9',
      Location: null, Created: at(60 * 24 * 20), LastSeen: at(60 * 24 * 9) },
  ];
}

const byPersona = new Map<DemoPersonaName, DemoSession[]>();
const sessionsOf = (persona: DemoPersonaName, now: Date) => {
  let list = byPersona.get(persona);
  if (!list) byPersona.set(persona, (list = initial(now)));
  return list;
};

/** Starts every persona's sessions over (tests; a page reload does the same). */
export function resetDemoSessions(): void {
  byPersona.clear();
}

export function demoSessions(persona: DemoPersonaName, now: Date): SessionsPage {
  const items = sessionsOf(persona, now).map((s) => (s.IsCurrent ? { ...s, LastSeen: now.toISOString() } : s));
  return { metadata: { limit: 50, offset: 0, total: items.length }, items };
}

/** Ends one (404 for one already ended, as the server answers); the current one stays listed (demo mode never signs out). */
export function demoEndSession(persona: DemoPersonaName, uid: string, now: Date): undefined {
  const list = sessionsOf(persona, now);
  const found = list.find((s) => s.Uid === uid);
  if (!found) throw new DemoRefusal(404, ErrorCode.NotFound);
  if (!found.IsCurrent) byPersona.set(persona, list.filter((s) => s !== found));
  return undefined;
}

export function demoEndOtherSessions(persona: DemoPersonaName, now: Date): { Ended: number } {
  const list = sessionsOf(persona, now);
  byPersona.set(persona, list.filter((s) => s.IsCurrent));
  return { Ended: list.length - 1 };
}
