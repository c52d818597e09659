import type { ApiClient } from '../../api/http.ts';
import type { Operation, RequestBody, ResponseBody } from '../../api/api-types.ts';
import type { QueryCache } from '../../api/query-cache.ts';

/** The profile area's calls (spec 2 section 7 "Profile", "Account"; docs/account-area.md). */
export type Profile = ResponseBody<Operation<'get', '/api/v1/profile'>>;
export type ProfileAccount = ResponseBody<Operation<'get', '/api/v1/profile/account'>>;
export type ProfileInput = RequestBody<Operation<'put', '/api/v1/profile'>>;
export type AccountInput = RequestBody<Operation<'put', '/api/v1/profile/account'>>;

/** Every cached profile-area read starts with this; a save invalidates them all (the views read again). */
export const PROFILE_QUERY_PREFIX = 'profile:';
/** The multipart part the server reads the photo from; the JSON part beside it is ignored. */
export const PHOTO_PART = 'profileImage';

export const fetchProfile = (api: ApiClient): Promise<Profile> => api.request('get', '/api/v1/profile', {});
export const fetchAccount = (api: ApiClient): Promise<ProfileAccount> => api.request('get', '/api/v1/profile/account', {});

export function saveProfile(api: ApiClient, body: ProfileInput): Promise<Profile> {
  return api.request('put', '/api/v1/profile', { body });
}

export function uploadPhoto(api: ApiClient, file: File): Promise<Profile> {
  return api.request('put', '/api/v1/profile/photo', { multipart: { jsonPart: 'profile', files: { [PHOTO_PART]: file } } });
}

export function saveAccount(api: ApiClient, body: AccountInput): Promise<ProfileAccount> {
  return api.request('put', '/api/v1/profile/account', { body });
}

/** After a save: the views (and post-login's account list) read the saved data again. */
export function invalidateProfile(cache: QueryCache): void {
  cache.invalidate(PROFILE_QUERY_PREFIX);
}

/** The photo's address: the server answers a path on its own origin. */
export function photoUrl(server: string, path: string | null): string | null {
  return path ? new URL(path, server).toString() : null;
}
