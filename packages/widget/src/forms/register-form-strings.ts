import { getI18n } from '../app/i18n.ts';
import { enForms } from '../i18n/en-forms.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';
import '../i18n/register-error-strings.ts';

// Loaded with the first form a screen shows, not with app.js.
registerLazyStrings(getI18n(), 'forms', enForms);
