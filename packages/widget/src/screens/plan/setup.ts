/** Loaded with the plan screens (lazy chunks, never app.js): their strings under `plan.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enPlan } from './en-plan.ts';

registerLazyStrings(getI18n(), 'plan', enPlan);
