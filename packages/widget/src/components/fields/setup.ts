/**
 * Loaded with the configured fields (a lazy chunk, never app.js): gives their
 * root elements the fields stylesheet.
 */
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import fieldsCss from './fields.css?inline';
import '../../forms/register-form-strings.ts';

export function fieldsSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'fields', fieldsCss);
}
