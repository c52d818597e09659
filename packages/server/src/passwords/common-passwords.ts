import { COMMON_PASSWORDS_TEXT } from './common-passwords-list.ts';

let list: Set<string> | null = null;

/** The bundled list (common-passwords-list.ts): 3,000 entries, lower-cased, built on first use. */
export function commonPasswords(): Set<string> {
  list ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return list;
}

/** Case-insensitive: 'Password' and 'PASSWORD' are as guessable as 'password'. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
