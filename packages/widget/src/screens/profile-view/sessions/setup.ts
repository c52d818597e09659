/** Loaded with the profile view (a lazy chunk, never app.js): the session list's strings under `profileSessions.*`. */
import { getI18n } from '../../../app/i18n.ts';
import { registerLazyStrings } from '../../../i18n/register-lazy-strings.ts';
import { enSessions } from './en-sessions.ts';

registerLazyStrings(getI18n(), 'profileSessions', enSessions);
