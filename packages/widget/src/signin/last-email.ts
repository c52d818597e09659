/** localStorage key of the last email signed in with (only when the company turns it on: SignIn.RememberLastEmail). */
export const LAST_EMAIL_STORAGE_KEY = 'portico.lastEmail';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLastEmail(enabled: boolean): string {
  if (!enabled) return '';
  try {
    return storage()?.getItem(LAST_EMAIL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberLastEmail(enabled: boolean, email: string): void {
  try {
    if (enabled) storage()?.setItem(LAST_EMAIL_STORAGE_KEY, email);
    else storage()?.removeItem(LAST_EMAIL_STORAGE_KEY);
  } catch {
    /* storage blocked or full: nothing to remember */
  }
}
