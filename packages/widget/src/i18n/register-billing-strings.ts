import type { Translator as I18n } from './translator.ts';
import { enBilling } from './en-billing.ts';
import { registerLazyStrings } from './register-lazy-strings.ts';

/** Adds the billing strings under `billing.*` when the billing chunk loads. */
export function registerBillingStrings(i18n: I18n): void {
  registerLazyStrings(i18n, 'billing', enBilling);
}
