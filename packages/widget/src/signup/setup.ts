/**
 * Loaded with the sign-up screens (a lazy chunk, never app.js): their strings under `signup.*`,
 * and their stylesheet.
 */
import { getI18n } from '../app/i18n.ts';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enSignup } from './en-signup.ts';
import signupCss from './signup.css?inline';

registerLazyStrings(getI18n(), 'signup', enSignup);

export function signupSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'signup', signupCss);
}
