import type { ApiClient } from '../api/http.ts';
import type { RegistrationAnswer, RegistrationBody } from './signup-logic.ts';

/** Multipart part names of POST /crm/registrations (server: registration.routes.ts). */
const ACCOUNT_PART = 'account';
const IMAGE_PART = 'profileImage';

/** The browser's IANA time zone for X-Timezone (the server ignores one it does not know). */
function timeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** POST /nonce: a one-time value for one registration. */
export async function fetchNonce(api: ApiClient, signal?: AbortSignal): Promise<string> {
  return (await api.request('post', '/api/v1/nonce', signal ? { signal } : {})).Value;
}

/** GET /crm/registrations/email-exists: whether an account already uses this email. */
export async function emailExists(api: ApiClient, email: string, signal?: AbortSignal): Promise<boolean> {
  return (await api.request('get', '/api/v1/crm/registrations/email-exists', { query: { email }, ...(signal ? { signal } : {}) })).Result;
}

/** POST /crm/registrations/validate: every check of a registration, nothing written ('Continue to checkout'). */
export async function validateRegistration(api: ApiClient, body: RegistrationBody, image: File | null): Promise<void> {
  await api.request('post', '/api/v1/crm/registrations/validate', {
    body,
    ...(image ? { multipart: { jsonPart: ACCOUNT_PART, files: { [IMAGE_PART]: image } } } : {}),
  });
}

/**
 * POST /crm/registrations with the nonce, the captcha token and the payment. The nonce doubles as
 * the Idempotency-Key, so a retried submit replays the first answer instead of signing up twice.
 */
export function submitRegistration(api: ApiClient, body: RegistrationBody & { Nonce: string }, options: { image: File | null; confirmationUrl: string }): Promise<RegistrationAnswer> {
  const zone = timeZone();
  return api.request('post', '/api/v1/crm/registrations', {
    body,
    query: { confirmationUrl: options.confirmationUrl },
    headers: { 'Idempotency-Key': body.Nonce, ...(zone ? { 'X-Timezone': zone } : {}) },
    ...(options.image ? { multipart: { jsonPart: ACCOUNT_PART, files: { [IMAGE_PART]: options.image } } } : {}),
  });
}

/** POST /crm/registrations/confirm: the token of the confirmation link. */
export function confirmEmail(api: ApiClient, token: string) {
  return api.request('post', '/api/v1/crm/registrations/confirm', { body: { Token: token } });
}

/** The address the confirmation link opens: this page, marked so the loader opens the confirmation. */
export function confirmationPage(href: string): string {
  const url = new URL(href);
  for (const k of [...url.searchParams.keys()]) if (k.startsWith('portico_') || k === 'token' || k.endsWith('_intent') || k.endsWith('_client_secret') || k === 'redirect_status') url.searchParams.delete(k);
  url.searchParams.set('portico_confirm', '1');
  url.hash = '';
  return url.toString();
}
