/** Loaded with the profile and account screens (lazy chunks, never app.js): their strings under `profileArea.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import '../../i18n/register-error-strings.ts';
import { enProfile } from './en-profile.ts';

registerLazyStrings(getI18n(), 'profileArea', enProfile);
