/** Loaded with the billing screens (lazy chunks, never app.js): their strings under `billingScreen.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enBillingScreen } from './en-billing.ts';

registerLazyStrings(getI18n(), 'billingScreen', enBillingScreen);
