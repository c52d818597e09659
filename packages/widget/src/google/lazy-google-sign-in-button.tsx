import { lazy } from 'react';
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';

/** The Google button as its own chunk; the register screen renders it only when GoogleOAuthClientId is set. */
export const LazyGoogleSignInButton = lazy(async () => {
  const [{ GoogleSignInButton }, { enGoogle }] = await Promise.all([import('./google-sign-in-button.tsx'), import('./en-google.ts')]);
  registerLazyStrings(getI18n(), 'google', enGoogle);
  return { default: GoogleSignInButton };
});
export { readIdTokenClaims } from './read-id-token-claims.ts';
