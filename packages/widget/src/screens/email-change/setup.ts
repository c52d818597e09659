/** Loaded with the email change screens (lazy chunks, never app.js): their strings under `emailChange.*`, and their stylesheet. */
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import '../../i18n/register-error-strings.ts';
import '../profile-view/setup.ts';
import { enEmailChange } from './en-email-change.ts';
import emailChangeCss from './email-change.css?inline';

registerLazyStrings(getI18n(), 'emailChange', enEmailChange);

/** Gives an email change screen's root its stylesheet. */
export function emailChangeSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'emailChange', emailChangeCss);
}
