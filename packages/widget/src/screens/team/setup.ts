/** Loaded with the team screens (lazy chunks, never app.js): their strings under `team.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enTeam } from './en-team.ts';

registerLazyStrings(getI18n(), 'team', enTeam);
