/** Loaded with the sign-in screens (a lazy chunk, never app.js): their strings under `signin.*`. */
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import { enSignin } from './en-signin.ts';

registerLazyStrings(getI18n(), 'signin', enSignin);
