/** Loaded with the provider billing screen (a lazy chunk, never app.js): its strings under `providerBilling.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enProviderBilling } from './en-provider-billing.ts';

registerLazyStrings(getI18n(), 'providerBilling', enProviderBilling);
