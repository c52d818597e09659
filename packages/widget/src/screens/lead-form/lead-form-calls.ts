import type { ApiClient } from '../../api/http.ts';
import type { Operation, RequestBody, ResponseBody } from '../../api/api-types.ts';

export type LeadForm = ResponseBody<Operation<'get', '/api/v1/public/lead-forms/{uid}'>>;
export type LeadSubmission = RequestBody<Operation<'post', '/api/v1/public/lead-forms/{uid}/submissions'>>;
export type LeadSubmissionAnswer = ResponseBody<Operation<'post', '/api/v1/public/lead-forms/{uid}/submissions'>>;

export const leadFormQueryKey = (uid: string) => `lead-form:${uid}`;

/** The form as the server configured it (docs/lead-forms.md): title, fields with their definitions, captcha, what follows. */
export function fetchLeadForm(api: ApiClient, uid: string): Promise<LeadForm> {
  return api.request('get', '/api/v1/public/lead-forms/{uid}', { path: { uid } });
}

/** One submission; the key makes a double click or a retry after a lost answer count once. */
export function submitLead(api: ApiClient, uid: string, body: LeadSubmission, key: string): Promise<LeadSubmissionAnswer> {
  return api.request('post', '/api/v1/public/lead-forms/{uid}/submissions', { path: { uid }, body, headers: { 'Idempotency-Key': key } });
}

/** Where a redirect goes: an absolute http(s) URL as is, a path on the host page's own site. Anything else: null. */
export function redirectTarget(url: string, here: string): string | null {
  try {
    const target = new URL(url, here);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.href : null;
  } catch {
    return null;
  }
}
