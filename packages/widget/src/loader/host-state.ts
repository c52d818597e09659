import { displayName } from '@portico/core/profile/display-name';
import { UNBUILT_ATTRIBUTE } from './triggers.ts';
import type { Emitter } from '../shared/events.ts';
import type { TokenApi } from '../shared/runtime-types.ts';
import { readClaims, type SessionClaims } from '../auth/claims.ts';

/**
 * The host page's view of who is signed in (docs/widget.md "Signed-in state on the host page"):
 * elements shown only to signed-in or only to signed-out visitors (the `hidden` attribute), the
 * person's name and email as text, a Log out trigger, `data-portico-session` on <html> for CSS,
 * and `Portico.getUser()` / the `session.changed` event. Read from the access token's claims
 * (auth/claims.ts: sub, email, given_name, family_name, account_uid, exp); no request.
 */
export const AUTHENTICATED_ATTRIBUTE = 'data-portico-authenticated';
export const ANONYMOUS_ATTRIBUTE = 'data-portico-anonymous';
export const PERSON_ATTRIBUTE = 'data-portico-person';
export const LOGOUT_ATTRIBUTE = 'data-portico-logout';
export const SESSION_ATTRIBUTE = 'data-portico-session';

export interface PorticoPerson {
  Uid: string;
  Email: string;
  FirstName: string;
  LastName: string;
  /** First and last name; the email when the token carries no name. */
  FullName: string;
}

export interface PorticoUser {
  signedIn: true;
  person: PorticoPerson;
  accountUid: string | null;
  /** When the access token stops working (ISO 8601); the page counts as signed out from then on. */
  expiresAt: string | null;
}

/** The signed-in person of a token's claims (auth/claims.ts), or null: no token, or it expired at `now`. */
export function userFromClaims(claims: SessionClaims | null, now: number): PorticoUser | null {
  if (!claims || (claims.expiresAt !== null && claims.expiresAt <= now)) return null;
  const FirstName = claims.firstName?.trim() ?? '';
  const LastName = claims.lastName?.trim() ?? '';
  const Email = claims.email ?? '';
  return {
    signedIn: true,
    person: { Uid: claims.personUid, Email, FirstName, LastName, FullName: displayName(FirstName, LastName, Email) },
    accountUid: claims.accountUid,
    expiresAt: claims.expiresAt === null ? null : new Date(claims.expiresAt).toISOString(),
  };
}

/** Applies the state to `root` and the elements inside it: hidden, and the person's fields as text (never HTML). */
export function applyHostState(root: ParentNode, user: PorticoUser | null): void {
  const each = (attribute: string, fn: (el: HTMLElement) => void) => {
    if (root instanceof HTMLElement && root.hasAttribute(attribute)) fn(root);
    root.querySelectorAll<HTMLElement>(`[${attribute}]`).forEach(fn);
  };
  // A trigger of a state not built yet stays hidden whoever is signed in (triggers.ts).
  each(AUTHENTICATED_ATTRIBUTE, (el) => { el.hidden = !user || el.hasAttribute(UNBUILT_ATTRIBUTE); });
  each(ANONYMOUS_ATTRIBUTE, (el) => { el.hidden = !!user || el.hasAttribute(UNBUILT_ATTRIBUTE); });
  each(PERSON_ATTRIBUTE, (el) => {
    const field = el.getAttribute(PERSON_ATTRIBUTE) as keyof PorticoPerson;
    const value = user && Object.prototype.hasOwnProperty.call(user.person, field) ? user.person[field] : '';
    if (el.textContent !== value) el.textContent = value;
  });
}

/**
 * Keeps the page in step with the token: at once for what is already parsed (the loader runs before
 * the first paint when its tag is render-blocking), for elements parsed or added later, on every
 * token change (this tab, other tabs through storage, expiry), and wires `data-portico-logout`.
 * Returns a reader of the current user.
 */
export function watchHostState(o: { token: TokenApi; events: Emitter; logout(): void }): () => PorticoUser | null {
  let user: PorticoUser | null = null;
  let last: string | null | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const token = o.token.get();
    const next = userFromClaims(readClaims(token), Date.now());
    if (token === last && !!next === !!user) return;
    const changed = last !== undefined;
    last = token;
    user = next;
    document.documentElement.setAttribute(SESSION_ATTRIBUTE, user ? 'signed-in' : 'signed-out');
    applyHostState(document, user);
    clearTimeout(timer);
    // An access token lives minutes (auth.accessTokenMinutes): at its expiry the page shows signed out.
    const left = user?.expiresAt ? Date.parse(user.expiresAt) - Date.now() : -1;
    if (left > 0) timer = setTimeout(update, Math.min(left + 50, 2 ** 31 - 1));
    if (changed) o.events.emit('session.changed', { user });
  };
  update();
  o.token.subscribe(update);
  // Parser-inserted elements too, when the loader runs in <head> before the body is parsed.
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement) applyHostState(node, user);
      });
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest(`[${LOGOUT_ATTRIBUTE}]`) : null;
    if (!target) return;
    event.preventDefault();
    o.logout();
  });
  return () => user;
}
