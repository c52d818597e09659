/**
 * Loaded with the payment entry (a lazy chunk, never app.js): registers its strings and gives
 * its root elements the payments stylesheet.
 */
import { getI18n } from '../app/i18n.ts';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enPayments } from '../i18n/en-payments.ts';
import paymentsCss from './payments.css?inline';

registerLazyStrings(getI18n(), 'payments', enPayments);

export function paymentsSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'payments', paymentsCss);
}
