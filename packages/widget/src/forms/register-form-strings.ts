import { getI18n } from '../app/i18n.ts';
import { enForms } from '../i18n/en-forms.ts';
import { registerLazyStrings } from '../i18n/register-lazy-strings.ts';

// Loaded with the first form a screen shows, not with app.js. The catalogue's messages load with the first
// error shown (i18n/use-error-text.ts).
registerLazyStrings(getI18n(), 'forms', enForms);
