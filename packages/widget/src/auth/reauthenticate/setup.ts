/** Loaded with the 'Confirm it's you' step (a lazy chunk, never app.js): its strings under `reauth.*`, and its stylesheet. */
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import '../../i18n/register-error-strings.ts';
import { enReauthenticate } from './en-reauthenticate.ts';
import reauthCss from './reauthenticate.css?inline';

registerLazyStrings(getI18n(), 'reauth', enReauthenticate);

/** Gives the step's root the stylesheet. */
export function reauthSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'reauth', reauthCss);
}
