import type { GoogleClaims } from '@portico/core/signup/google-profile';

/**
 * The claims of a Google ID token, read without checking its signature: only to prefill the form
 * (core's googleProfileToRegistration). The server verifies the token before it trusts anything in it.
 */
export function readIdTokenClaims(idToken: string): GoogleClaims | null {
  const part = idToken.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as GoogleClaims) : null;
  } catch {
    return null;
  }
}
