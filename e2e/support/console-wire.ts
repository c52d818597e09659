import type { Page } from 'playwright-core';

/** One thing the console page did on the wire, in the order the browser reported it. */
export type WireEvent =
  | { kind: 'feed-connected' }
  | { kind: 'caseChanged'; uid: string | null }
  | { kind: 'inbox-request' }
  | { kind: 'inbox-answered' }
  | { kind: 'case-request'; uid: string };

const INBOX = '/api/v1/console/cases';
const CASE = /^\/api\/v1\/console\/cases\/([^/]+)$/;

/**
 * Records the console's live feed (its WebSocket frames: the namespace's CONNECT answer `40/console,…`
 * and each `42/console,["caseChanged",…]`) and its reads of the inbox and of a case (GET requests), in
 * one list: requests and frames are both the browser's Network events, reported in the order they happened.
 */
export function watchConsoleWire(page: Page): WireEvent[] {
  const log: WireEvent[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (text.startsWith('40/console,')) log.push({ kind: 'feed-connected' });
      const event = /^42\/console,(.*)$/s.exec(text);
      if (event) {
        const [name, body] = JSON.parse(event[1]!) as [string, { CaseUid: string | null }];
        if (name === 'caseChanged') log.push({ kind: 'caseChanged', uid: body.CaseUid });
      }
    });
  });
  const pathOf = (url: string) => new URL(url).pathname;
  page.on('request', (r) => {
    if (r.method() !== 'GET') return;
    const path = pathOf(r.url());
    if (path === INBOX) log.push({ kind: 'inbox-request' });
    const c = CASE.exec(path);
    if (c) log.push({ kind: 'case-request', uid: c[1]! });
  });
  page.on('requestfinished', (r) => { if (r.method() === 'GET' && pathOf(r.url()) === INBOX) log.push({ kind: 'inbox-answered' }); });
  return log;
}

/** The feed is connected and the inbox's look-again that a (re)connect makes has been answered. */
export function feedSettled(log: WireEvent[]): boolean {
  const connected = log.map((e) => e.kind).lastIndexOf('feed-connected');
  return connected >= 0 && log.slice(connected).some((e) => e.kind === 'inbox-answered');
}
