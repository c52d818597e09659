import { addLazySheet } from '../app/styles/stylesheets.ts';
import captchaCss from './captcha.css?inline';

/** Gives the captcha's shadow root its stylesheet (the captcha chunk's own, never app.js). */
export function captchaSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'captcha', captchaCss);
}
