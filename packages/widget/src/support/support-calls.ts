import type { ApiClient } from '../api/http.ts';

export interface HelpRequest {
  email: string;
  subject: string;
  body: string;
  captchaToken: string | null;
  siteKey: string | null;
  files: File[];
}

/**
 * POST /public/support/cases (spec 2 section 7 "Support"): multipart with the request as JSON in
 * `item` and the attachments as files[0..4]. The Idempotency-Key makes a double click one case.
 */
export async function submitHelpRequest(api: ApiClient, req: HelpRequest, idempotencyKey: string): Promise<{ Uid: string; Number: number }> {
  const files = Object.fromEntries(req.files.map((f, i) => [`files[${i}]`, f]));
  return api.request('post', '/api/v1/public/support/cases', {
    body: {
      FromPerson: { Email: req.email }, Subject: req.subject, Body: req.body, Source: 1,
      RecaptchaSiteKey: req.siteKey, ...(req.captchaToken ? { RecaptchaToken: req.captchaToken } : {}),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
    ...(req.files.length ? { multipart: { jsonPart: 'item', files } } : {}),
  });
}
