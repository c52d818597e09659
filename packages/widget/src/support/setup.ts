/** Loaded with the support screens (a lazy chunk, never app.js): their strings under `support.*`. */
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enSupport } from './en-support.ts';

registerLazyStrings(getI18n(), 'support', enSupport);
