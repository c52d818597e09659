/** Loaded with the password screens (a lazy chunk, never app.js): their strings under `passwords.*`, and their stylesheet. */
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enPasswords } from './en-passwords.ts';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import passwordsCss from './passwords.css?inline';

registerLazyStrings(getI18n(), 'passwords', enPasswords);

/** Gives a password screen's root the passwords stylesheet (rule indicators). */
export function passwordsSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'passwords', passwordsCss);
}
