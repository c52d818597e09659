import type { ApiClient } from '../../../api/http.ts';
import type { Operation, ResponseBody } from '../../../api/api-types.ts';

/** The person's sessions (docs/auth.md "Sessions: seeing and ending them"). */
export type SessionsPage = ResponseBody<Operation<'get', '/api/v1/profile/sessions'>>;
export type ProfileSession = SessionsPage['items'][number];

/** One page is enough for a person's browsers; the rest (rare) are counted and ended with 'Sign out of all other sessions'. */
export const SESSIONS_SHOWN = 50;

export const fetchSessions = (api: ApiClient): Promise<SessionsPage> =>
  api.request('get', '/api/v1/profile/sessions', { query: { limit: SESSIONS_SHOWN } });

export const endSession = (api: ApiClient, uid: string): Promise<unknown> =>
  api.request('delete', '/api/v1/profile/sessions/{Uid}', { path: { Uid: uid } });

export const endOtherSessions = (api: ApiClient): Promise<{ Ended: number }> =>
  api.request('delete', '/api/v1/profile/sessions', {});
