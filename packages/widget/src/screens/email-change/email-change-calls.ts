import type { ApiClient } from '../../api/http.ts';
import type { Operation, RequestBody, ResponseBody } from '../../api/api-types.ts';

/** The email change's calls (docs/account-area.md "Changing the email"). */
export type EmailChangeBody = RequestBody<Operation<'post', '/api/v1/profile/email'>>;
export type EmailChangeAccepted = ResponseBody<Operation<'post', '/api/v1/profile/email'>>;
export type EmailChanged = ResponseBody<Operation<'post', '/api/v1/profile/email/confirm'>>;
export type EmailRestored = ResponseBody<Operation<'post', '/api/v1/profile/email/undo'>>;

/** The query values of mailed links, never carried into a new one (the server strips them too). */
const LINK_PARAMS = ['resetToken', 'confirmationToken', 'token', 'emailChangeToken', 'emailChangeUndoToken'];

/** The page the link opens: this one, without link tokens or a fragment (the server checks its origin). */
export function linkPage(href: string): string {
  const url = new URL(href);
  for (const k of LINK_PARAMS) url.searchParams.delete(k);
  url.hash = '';
  return url.toString();
}

export function requestEmailChange(api: ApiClient, body: EmailChangeBody): Promise<EmailChangeAccepted> {
  return api.request('post', '/api/v1/profile/email', { body, query: { parentUrl: linkPage(window.location.href) } });
}

export function confirmEmailChange(api: ApiClient, token: string): Promise<EmailChanged> {
  return api.request('post', '/api/v1/profile/email/confirm', { body: { Token: token } });
}

export function undoEmailChange(api: ApiClient, token: string): Promise<EmailRestored> {
  return api.request('post', '/api/v1/profile/email/undo', { body: { Token: token } });
}

/** After the change: the person's other sessions end, this one stays (the session list's call). */
export async function endOtherSessions(api: ApiClient): Promise<void> {
  await api.request('delete', '/api/v1/profile/sessions', {});
}
