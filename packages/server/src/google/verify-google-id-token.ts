/** What the server trusts from a verified Google ID token (claims named the way the person fields are). */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/**
 * Verifies a Google Identity Services credential (an ID token) and returns its profile; throws
 * AppError `Errors.InvalidCredentialsGoogle` for any token Portico must not trust.
 */
export type VerifyGoogleIdToken = (idToken: string) => Promise<GoogleProfile>;
