import type { ApiClient } from '../api/http.ts';
import type { PasswordRuleResult } from '@portico/core/passwords/password-policy';
import { rememberDeviceFromAnswer } from '../signin/known-device.ts';

/** The one-time token of a reset link (`resetToken`) or an invitation's set-password link (`confirmationToken`). */
export interface LinkToken { token: string; kind: 'reset' | 'confirmation' }

/** The page the widget is on, without link tokens or a fragment: where the reset link comes back to. */
export function pageForLink(href: string): string {
  const url = new URL(href);
  for (const k of ['resetToken', 'confirmationToken', 'token']) url.searchParams.delete(k);
  url.hash = '';
  return url.toString();
}

/** POST /crm/people/forgotPassword: the same answer whether or not the address has an account. */
export async function requestPasswordReset(api: ApiClient, email: string, page: string): Promise<void> {
  await api.request('post', '/api/v1/crm/people/forgotPassword', { body: { Email: email, ResetUrl: page }, query: { parentUrl: page } });
}

/** GET /crm/people/resetPassword/{token}/options: 2 or more offers Google. */
export async function resetOptions(api: ApiClient, token: string, signal?: AbortSignal): Promise<number> {
  return (await resetLinkFacts(api, token, signal)).Options;
}

/** The link's reset options and, for a team invitation's link, who invited to which account (issue 15). */
export function resetLinkFacts(api: ApiClient, token: string, signal?: AbortSignal): Promise<{ Options: number; Invitation?: { InvitedBy: string | null; AccountName: string } }> {
  return api.request('get', '/api/v1/crm/people/resetPassword/{token}/options', { path: { token }, ...(signal ? { signal } : {}) });
}

/** POST /crm/people/resetPassword/{token}: a fresh access token once the password (or Google) is set; this browser becomes a known one. */
export async function resetPassword(api: ApiClient, token: string, credential: { NewPassword: string } | { GoogleIdToken: string }, page: string): Promise<string> {
  const answer = await api.request('post', '/api/v1/crm/people/resetPassword/{token}', { path: { token }, body: credential, query: { parentUrl: page } });
  await rememberDeviceFromAnswer(answer);
  return answer.access_token;
}

/** What a sign-up form has typed about the person, checked by PersonalDataDisallowed before anyone exists to read it from. */
export interface TypedPersonalData { Email?: string | undefined; FirstName?: string | undefined; LastName?: string | undefined }

/** POST /auth/validate-password with the link's token (or the signed-in token the client adds, or a sign-up's typed data): IsValid per PolicyKey. */
export async function validatePassword(api: ApiClient, password: string, link: LinkToken | null, signal?: AbortSignal, personal: TypedPersonalData = {}): Promise<PasswordRuleResult[]> {
  const typed = Object.fromEntries(Object.entries(personal).filter(([, v]) => typeof v === 'string' && v !== '')) as TypedPersonalData;
  const body = { Password: password, ...typed, ...(link ? (link.kind === 'reset' ? { ResetToken: link.token } : { ConfirmationToken: link.token }) : {}) };
  return (await api.request('post', '/api/v1/auth/validate-password', { body, ...(signal ? { signal } : {}) })).items;
}

/** PUT /profile/password. */
export async function changePassword(api: ApiClient, body: { ExistingPassword: string; NewPassword: string; ConfirmPassword: string }): Promise<void> {
  await api.request('put', '/api/v1/profile/password', { body });
}
