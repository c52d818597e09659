/**
 * Loaded with the billing pieces (a lazy chunk): registers their strings and
 * gives their root elements the billing stylesheet, so none of it is in app.js.
 */
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { registerBillingStrings } from '../../i18n/register-billing-strings.ts';
import billingCss from './billing.css?inline';

registerBillingStrings(getI18n());

/** Ref callback for a billing piece's root element: adopts the billing sheet in its shadow root. */
export function billingSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'billing', billingCss);
}
