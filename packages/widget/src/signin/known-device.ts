import { readClaims } from '../auth/claims.ts';

/**
 * This browser's device tokens (docs/auth.md "Lockout and known browsers"): one per person who
 * signed in here, sent with their next sign-in so the server knows the browser even while
 * strangers' guesses have tripped the account. localStorage, like the last email
 * (last-email.ts); entries are named by a SHA-256 of the email, so the storage does not list who
 * signed in on this browser. Demo mode's answers carry an empty token, which is never stored.
 */
export const KNOWN_DEVICES_STORAGE_KEY = 'portico.knownDevices';
/** The most people remembered on one browser; the oldest entry goes first. */
export const KNOWN_DEVICES_MAX = 10;

type Entry = [key: string, token: string];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readEntries(store: Storage, storageKey: string): Entry[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((e): e is Entry => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The entry's name for an email: hex SHA-256 of the lower-cased address; null where Web Crypto is missing (not a secure context). */
async function keyOf(email: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`portico-device:${email.trim().toLowerCase()}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The device token this browser got for `email`, if any. `storageKey`: the list it is kept in (the
 * operator console keeps its own, so an operator who is also a member with the same email keeps both).
 */
export async function readDeviceToken(email: string, store: Storage | null = storage(), storageKey = KNOWN_DEVICES_STORAGE_KEY): Promise<string | undefined> {
  if (!store) return undefined;
  try {
    const key = await keyOf(email);
    return key ? readEntries(store, storageKey).find(([k]) => k === key)?.[1] : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `token` for `email` (newest last, at most KNOWN_DEVICES_MAX people); an empty token is ignored. */
export async function rememberDeviceToken(email: string, token: string | undefined, store: Storage | null = storage(), storageKey = KNOWN_DEVICES_STORAGE_KEY): Promise<void> {
  if (!store || !token || !email) return;
  try {
    const key = await keyOf(email);
    if (!key) return;
    const entries = readEntries(store, storageKey).filter(([k]) => k !== key);
    entries.push([key, token]);
    store.setItem(storageKey, JSON.stringify(entries.slice(-KNOWN_DEVICES_MAX)));
  } catch {
    /* storage blocked or full: the browser simply stays unknown */
  }
}

/** After a sign-in that did not start from a typed email (a reset link): the token's own email claim names the person. */
export async function rememberDeviceFromAnswer(answer: { access_token: string; device_token?: string | undefined }, store: Storage | null = storage(), storageKey = KNOWN_DEVICES_STORAGE_KEY): Promise<void> {
  const email = readClaims(answer.access_token)?.email;
  if (email) await rememberDeviceToken(email, answer.device_token, store, storageKey);
}
