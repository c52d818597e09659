import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ServerClock } from '../clock/server-clock.ts';
import { TOKEN_ALG, type KeyRing } from './key-ring.ts';

/** What a Portico access token says (docs/auth.md lists them for host apps). */
export interface TokenClaims {
  /** The person's uid. */
  sub: string;
  email: string;
  given_name: string | null;
  family_name: string | null;
  account_uid: string | null;
  client_identifier: string | null;
  is_primary: boolean;
  subscription_uid: string | null;
  plan_uid: string | null;
  /** The session; logout or its idle/absolute limit ends every token naming it. */
  sid: string;
}

export const TOKEN_AUDIENCE = 'portico';

/** What every access token names, whatever its audience: who (`sub`) and the session (`sid`). */
export interface SessionClaims { sub: string; sid: string }

export interface AccessTokens<C extends SessionClaims = TokenClaims> {
  issue(claims: C): Promise<{ token: string; expiresIn: number }>;
  /** The claims of a token this server signed for this audience that has not expired; null for anything else. */
  verify(token: string): Promise<(C & JWTPayload) | null>;
  readonly issuer: string;
  readonly audience: string;
}

/** How many verified tokens a node remembers (a signed-in page sends the same token many times). */
const VERIFIED_MAX = 5_000;

/**
 * Short-lived ES256 JWTs signed with the key ring's current key, `kid` in the header. A token
 * that verified once is remembered by its exact text until it expires, so the signature check
 * (the costliest part of a signed-in request after the database) runs once per token per node.
 */
export function accessTokens<C extends SessionClaims = TokenClaims>(o: { ring: KeyRing; clock: ServerClock; issuer: string; lifetimeMinutes: number; audience?: string }): AccessTokens<C> {
  const lifetime = o.lifetimeMinutes * 60;
  // One audience per kind of token (members 'portico', the console 'portico-console'): jose refuses any other.
  const audience = o.audience ?? TOKEN_AUDIENCE;
  const verified = new Map<string, C & JWTPayload>();
  const remember = (token: string, payload: C & JWTPayload) => {
    if (verified.size >= VERIFIED_MAX) {
      let drop = VERIFIED_MAX / 10;
      for (const key of verified.keys()) { verified.delete(key); if (--drop <= 0) break; }
    }
    verified.set(token, payload);
  };
  return {
    issuer: o.issuer,
    audience,
    async issue(claims) {
      const { kid, key } = await o.ring.signingKey();
      const now = Math.floor(o.clock.now().getTime() / 1000);
      const token = await new SignJWT({ ...claims } as unknown as JWTPayload)
        .setProtectedHeader({ alg: TOKEN_ALG, kid, typ: 'JWT' })
        .setIssuer(o.issuer).setAudience(audience).setIssuedAt(now).setExpirationTime(now + lifetime)
        .sign(key);
      return { token, expiresIn: lifetime };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (typeof known.exp === 'number' && known.exp * 1000 > o.clock.now().getTime()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { kid } = decodeProtectedHeader(token);
        if (typeof kid !== 'string') return null;
        const key = await o.ring.verificationKey(kid);
        if (!key) return null;
        const { payload } = await jwtVerify<C>(token, key, {
          algorithms: [TOKEN_ALG], issuer: o.issuer, audience, currentDate: o.clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        remember(token, payload);
        return payload;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError) return null;
        throw err;
      }
    },
  };
}
