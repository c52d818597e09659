import { ErrorCode } from '@portico/core';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../http/app-error.ts';

/** What the server trusts from a verified Google ID token (claims named the way the person fields are). */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
  /** When Google issued the token (`iat`): re-authentication takes only a fresh one (auth/reauthentication.ts). */
  issuedAt?: Date;
}

/**
 * Verifies a Google Identity Services credential (an ID token) and returns its profile; throws
 * AppError `Errors.InvalidCredentialsGoogle` for any token Portico must not trust.
 */
export type VerifyGoogleIdToken = (idToken: string) => Promise<GoogleProfile>;

export interface GoogleSignInConfig {
  /** The OAuth client id the button was made for; tokens for any other audience are refused. */
  clientId: string;
  /** Google's signing keys (https://www.googleapis.com/oauth2/v3/certs); tests serve their own. */
  jwksUrl: string;
}

/** Google writes the issuer both ways (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * The verifier for one client id. The key set is fetched on first use, cached, and re-fetched
 * when a token names a key it does not hold (Google rotates them), by jose's remote JWKS.
 */
export function createGoogleIdTokenVerifier(config: GoogleSignInConfig): VerifyGoogleIdToken {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken) => {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS, audience: config.clientId, algorithms: ['RS256'], clockTolerance: 30,
      }));
    } catch (err) {
      // Google's keys being unreachable is our outage, not the visitor's bad token.
      // (A network failure is a plain TypeError; a bad JWKS answer is jose's generic error.)
      if (!(err instanceof errors.JOSEError) || err instanceof errors.JWKSTimeout || err.code === 'ERR_JOSE_GENERIC') {
        throw new AppError(ErrorCode.SystemError, 'Google sign-in cannot be checked right now. Please try again later.');
      }
      throw new AppError(ErrorCode.InvalidCredentialsGoogle);
    }
    const email = text(claims.email);
    const sub = text(claims.sub);
    // An unverified address could belong to someone else: it must not become an account's email.
    if (!email || !sub || claims.email_verified !== true) throw new AppError(ErrorCode.InvalidCredentialsGoogle);
    const profile: GoogleProfile = { sub, email, emailVerified: true };
    const givenName = text(claims.given_name);
    const familyName = text(claims.family_name);
    const picture = text(claims.picture);
    if (givenName) profile.givenName = givenName;
    if (familyName) profile.familyName = familyName;
    if (picture) profile.picture = picture;
    if (typeof claims.iat === 'number') profile.issuedAt = new Date(claims.iat * 1000);
    return profile;
  };
}
