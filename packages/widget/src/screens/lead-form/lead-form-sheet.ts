import { addLazySheet } from '../../app/styles/stylesheets.ts';
import leadFormCss from './lead-form.css?inline';

/** The lead form screens' own styles, adopted by the widget's shadow root with the chunk (as the receipt's). */
export function leadSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'lead-form', leadFormCss);
}
