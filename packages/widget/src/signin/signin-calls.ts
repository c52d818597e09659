import type { ApiClient } from '../api/http.ts';
import type { RoutingAccount } from '@portico/core/signin/post-login-routing';
import { readDeviceToken, rememberDeviceToken } from './known-device.ts';

/** The person's local time zone, sent with a sign-in (audited with it). */
function timezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A password sign-in; on the code step (after Errors.SignInCodeRequired) with the mailed `code`,
 * or `resendCode` for 'Send a new code'.
 */
export interface PasswordCredentials { username: string; password: string; code?: string | undefined; resendCode?: boolean | undefined }
export type Credentials = PasswordCredentials | { username: string; googleIdToken: string };

/**
 * POST /tokens; Google sign-in sends the token's email with a null password (spec 2 section 4).
 * The browser's device token for this email goes with it, and the answer's is kept (known-device.ts).
 */
export async function requestToken(api: ApiClient, c: Credentials, account?: { accountUid?: string }): Promise<string> {
  const tz = timezone();
  const device = await readDeviceToken(c.username);
  const body = 'password' in c
    ? { username: c.username, password: c.password, ...(c.code !== undefined ? { code: c.code } : {}), ...(c.resendCode ? { resend_code: true } : {}) }
    : { username: c.username, password: null, GoogleIdToken: c.googleIdToken };
  const answer = await api.request('post', '/api/v1/tokens', {
    body: { ...body, ...(device ? { device_token: device } : {}) },
    ...(account?.accountUid ? { query: { accountUid: account.accountUid } } : {}), ...(tz ? { headers: { 'X-Timezone': tz } } : {}),
  });
  await rememberDeviceToken(c.username, answer.device_token);
  return answer.access_token;
}

/** POST /crm/registrations/confirmation-mail: 'Send the link again' (the same answer whatever the address). */
export async function resendConfirmationMail(api: ApiClient, email: string, confirmationUrl: string): Promise<void> {
  await api.request('post', '/api/v1/crm/registrations/confirmation-mail', { body: { Email: email }, query: { confirmationUrl } });
}

/** POST /reissue-token: a token for the same session, switched to `accountUid` when given. */
export async function reissueToken(api: ApiClient, accountUid?: string): Promise<string> {
  const answer = await api.request('post', '/api/v1/reissue-token', accountUid ? { query: { accountUid } } : {});
  return answer.access_token;
}

/** GET /profile/accounts: what post-login routing reads of each account. */
export async function fetchAccounts(api: ApiClient): Promise<RoutingAccount[]> {
  const answer = await api.request('get', '/api/v1/profile/accounts', {});
  return answer.items as RoutingAccount[];
}

/** GET /profile?fields=PasswordMustChange; a failure counts as false (the sign-in goes on). */
export async function passwordMustChange(api: ApiClient): Promise<boolean> {
  try {
    const answer = await api.request('get', '/api/v1/profile', { query: { fields: 'PasswordMustChange' } });
    return (answer as { PasswordMustChange?: boolean }).PasswordMustChange === true;
  } catch {
    return false;
  }
}

/** GET /profile/discord: the community-server status (User, HasAccessToDiscord, ShouldPromptToConnect, InviteUrl, CanConnect). */
export const fetchDiscordStatus = (api: ApiClient) => api.request('get', '/api/v1/profile/discord', {});

/**
 * Whether finishing login stops at the connect prompt. Any failure counts as no prompt (spec 2
 * "Finishing login": failures there are ignored), so the sign-in goes on.
 */
export async function communityPromptDue(api: ApiClient): Promise<boolean> {
  try {
    return (await fetchDiscordStatus(api)).ShouldPromptToConnect === true;
  } catch {
    return false;
  }
}

/** The query key of the status, per signed-in session (the token's claims), so another person's answer is never reused. */
export const discordStatusKey = (claims: { personUid?: string; accountUid?: string | null; sessionUid?: string | null } | null | undefined) =>
  `community:discord:${claims?.personUid ?? '-'}:${claims?.accountUid ?? '-'}:${claims?.sessionUid ?? '-'}`;
export const DISCORD_QUERY_PREFIX = 'community:discord:';

/** GET /profile/authorizeDiscord: Discord's authorize URL (its state bound to this session); Discord sends the browser back to `returnUrl`'s site. */
export const authorizeDiscord = (api: ApiClient, returnUrl: string) => api.request('get', '/api/v1/profile/authorizeDiscord', { query: { returnUrl } });

/** DELETE /profile/discord: leaves the server and forgets the connection. */
export const disconnectDiscord = (api: ApiClient) => api.request('delete', '/api/v1/profile/discord', {});
