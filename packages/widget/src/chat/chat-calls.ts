import type { ApiClient } from '../api/http.ts';

/** GET /support/settings (docs/support.md): the chat's part is `Chat { Online, IntroHeading, IntroMessage, RequireEmail, RequireEmailMessage }`. */
export const SUPPORT_SETTINGS_KEY = 'support-settings';
export function fetchSupportSettings(api: ApiClient) {
  return api.request('get', '/api/v1/support/settings');
}

/**
 * POST /chats/{caseUid}/documents (spec 2 section 7 "Chat upload"; docs/chat.md): the file and
 * `documentInfo`, with the visitor's credential in the query. The attachment's message arrives as
 * any message does (`receive`).
 */
export function uploadChatFile(api: ApiClient, caseUid: string, file: File, credential: { uvi: string } | { accessToken: string }) {
  return api.request('post', '/api/v1/chats/{caseUid}/documents', {
    path: { caseUid },
    query: 'uvi' in credential ? { uvi: credential.uvi } : { access_token: credential.accessToken },
    // No JSON body in the route's document: the documentInfo part goes as '{}' (the server reads it as optional).
    multipart: { jsonPart: 'documentInfo', files: { file } },
  });
}
