import { readClaims } from '../auth/claims.ts';
import type { Runtime } from '../shared/runtime-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';

/**
 * Demo mode's session: the persona the page picks (Portico.setDemoPersona) is signed in with an
 * access token of its own, shaped like the server's (auth/claims.ts reads it), and a token the
 * widget stores (a demo login, a sign-out) picks the persona back. So the widget has one idea of
 * who is signed in, the token, in demo mode as with a server: no screen asks which mode it runs in.
 */

const base64Url = (json: string): string => {
  const bytes = new TextEncoder().encode(json);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** An unsigned stand-in (header.payload.signature) with the claims the server's tokens carry; no server would accept it. */
export function demoTokenFor(name: DemoPersonaName): string | null {
  const { person, account } = DEMO_PERSONA_DATA[name];
  if (!person) return null;
  const claims = {
    sub: person.Uid, email: person.Email, given_name: person.FirstName, family_name: person.LastName,
    account_uid: account ? `acc_${person.Uid}` : null, client_identifier: null, is_primary: account?.IsPrimary ?? false,
    subscription_uid: account ? `sub_${person.Uid}` : null, plan_uid: account?.planUid ?? null, sid: `ses_demo_${name}`, demo: true,
  };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.demo`;
}

/** The persona a token signs in; 'visitor' for none; null for a token that names no demo person. */
export function personaOfToken(token: string | null): DemoPersonaName | null {
  if (!token) return 'visitor';
  const uid = readClaims(token)?.personUid;
  const found = Object.values(DEMO_PERSONA_DATA).find((p) => p.person && p.person.Uid === uid);
  return found ? found.name : null;
}

/**
 * Keeps the token and the picked persona in step, both ways, from now on (the demo chunk calls it
 * once per page, before the first screen). Returns the unbinding (tests).
 */
export function bindDemoSession(runtime: Pick<Runtime, 'token' | 'persona'>): () => void {
  const { token, persona } = runtime;
  const toToken = () => {
    const name = persona.get();
    if (personaOfToken(token.get()) !== name) token.set(demoTokenFor(name));
  };
  const toPersona = () => {
    const name = personaOfToken(token.get());
    if (name && name !== persona.get()) persona.set(name);
  };
  // A token already naming a demo person (a demo sign-in that came back through the post-login URL) says who is
  // signed in; demo mode stores no token, so there is no stale one to trust. Otherwise the picked persona signs in.
  const landed = token.get() ? personaOfToken(token.get()) : null;
  if (landed) persona.set(landed);
  else toToken();
  const offPersona = persona.subscribe(toToken);
  const offToken = token.subscribe(toPersona);
  return () => {
    offPersona();
    offToken();
  };
}
