/** Loaded with the chat panel (a lazy chunk, never app.js or chat.js): its strings under `chat.*` and its stylesheet. */
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import { enChat } from './en-chat.ts';
import chatCss from './chat.css?inline';

registerLazyStrings(getI18n(), 'chat', enChat);

/** Gives the chat panel's root the chat stylesheet. */
export function chatSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'chat', chatCss);
}
