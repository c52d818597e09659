/** Loaded with the support screens (a lazy chunk, never app.js): their strings under `support.*`. */
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enSupport } from './en-support.ts';

registerLazyStrings(getI18n(), 'support', enSupport);
import { addLazySheet } from '../app/styles/stylesheets.ts';
import supportCss from './support.css?inline';

/** Gives a support screen's root the support stylesheet (the attachment list). */
export function supportSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'support', supportCss);
}
