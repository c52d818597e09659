import type { ErrorCode } from '@portico/core';

/** Which captcha a company uses (company config `captcha.provider`); `none` turns the check off. */
export type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none';

export interface CaptchaResult {
  ok: boolean;
  /** Why it failed, from the catalogue: no token sent, a wrong or reused token, or the provider unreachable. */
  code?: ErrorCode;
}

/**
 * Checks the token a visitor's widget sent with a form (the register payload's RecaptchaToken).
 * Registration calls `verify` and answers with `code` when `ok` is false; `kind: 'none'` always passes.
 */
export interface CaptchaVerifier {
  kind: CaptchaProvider;
  verify(token: string | undefined, remoteIp?: string): Promise<CaptchaResult>;
}
