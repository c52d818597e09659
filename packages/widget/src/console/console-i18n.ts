import { createTranslator, type Translator } from '../i18n/translator.ts';
import { enConsole } from './en-console.ts';

/** The console's translator: the widget's (i18n/translator.ts), with the console's strings under `console.*`. */
export function consoleTranslator(): Translator {
  return createTranslator('en', { console: enConsole });
}
