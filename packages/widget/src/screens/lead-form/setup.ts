/** Loaded with the lead form screens (lazy chunks, never app.js): their strings under `leadForms.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enLeadForms } from './en-lead-forms.ts';

registerLazyStrings(getI18n(), 'leadForms', enLeadForms);
