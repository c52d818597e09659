import { readFileSync } from 'node:fs';

let list: Set<string> | null = null;

/** The bundled list (common-passwords.txt): 3,000 entries, lower-cased, loaded on first use. */
export function commonPasswords(): Set<string> {
  list ??= new Set(readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n').filter((line) => line !== '' && !line.startsWith('#')));
  return list;
}

/** Case-insensitive: 'Password' and 'PASSWORD' are as guessable as 'password'. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
