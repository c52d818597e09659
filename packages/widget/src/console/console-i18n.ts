import { createTranslator, type Translator } from '../i18n/translator.ts';
import { enPasswords } from '../passwords/en-passwords.ts';
import { enConsole } from './en-console.ts';

/**
 * The console's translator: the widget's (i18n/translator.ts), with the console's strings under
 * `console.*` and the password rules' (`passwords.rules.*`) the widget's PasswordRules reads on the
 * set-password screen.
 */
export function consoleTranslator(): Translator {
  return createTranslator('en', { console: enConsole, passwords: { rules: enPasswords.rules } });
}
