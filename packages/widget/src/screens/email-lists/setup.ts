/**
 * Loaded with the email-list screens (lazy chunks, never app.js): their strings under `emailLists.*`, and their
 * stylesheet. Not the error catalogue: ErrorList loads it with the first error, and a static import here pulled
 * the sign-up chunk (where it lives) into a screen reached from a mail (bench preferences-page-weight).
 */
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enEmailLists } from './en-email-lists.ts';
import emailListsCss from './email-lists.css?inline';

registerLazyStrings(getI18n(), 'emailLists', enEmailLists);

/** Gives an email-list screen's root its stylesheet. */
export function emailListsSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'emailLists', emailListsCss);
}
