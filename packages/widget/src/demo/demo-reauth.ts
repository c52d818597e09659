import { ErrorCode } from '@portico/core';
import { defaultMessages } from '@portico/core/errors/default-messages';
import { isRecentlyAuthenticated } from '@portico/core/signin/reauthentication';
import type { Operation, RequestBody } from '../api/api-types.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Demo answers of the re-authentication policy, with core's rule: the demo counts as signed in when
 * the page loaded, so after ten minutes a sensitive demo action asks 'Confirm it's you' like a
 * server would; any password (or Google token) confirms, as any password signs in.
 */
let authenticatedAt: Date = pageLoaded();

function pageLoaded(): Date {
  return new Date(typeof performance !== 'undefined' ? performance.timeOrigin : Date.now());
}

export function demoRequireRecent(now: Date): void {
  if (!isRecentlyAuthenticated(authenticatedAt, now)) throw new DemoRefusal(403, ErrorCode.ReauthenticationRequired);
}

export function demoReauthenticate(body: RequestBody<Operation<'post', '/api/v1/auth/reauthenticate'>>, now: Date): undefined {
  if (!body.Password && !body.GoogleIdToken) {
    throw new DemoRefusal(400, ErrorCode.Required, [{ Field: 'Password', ErrorCode: ErrorCode.Required, Message: defaultMessages[ErrorCode.Required] }]);
  }
  authenticatedAt = now;
  return undefined;
}

/** Starts over (tests; a page reload does the same). */
export function resetDemoReauth(at: Date = pageLoaded()): void {
  authenticatedAt = at;
}
