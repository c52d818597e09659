import { ErrorCode } from '@portico/core';
import type { CaptchaResult, CaptchaVerifier } from './captcha.ts';

/** The providers' own verification endpoints; both take the same form fields and answer `{ success }`. */
export const SITEVERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

export interface SiteverifyOptions {
  kind: 'recaptcha' | 'turnstile';
  secret: string;
  /** Defaults to the provider's URL; tests point it at a local stand-in. */
  url?: string | undefined;
  timeoutMs?: number;
}

/**
 * reCAPTCHA and Turnstile: the token is checked by the provider's siteverify call. A provider that
 * cannot be reached fails the check (`Errors.CaptchaUnavailable`): letting sign-ups through unchecked
 * would switch the protection off whenever the provider is slow.
 */
export function siteverifyCaptcha(options: SiteverifyOptions): CaptchaVerifier {
  const url = options.url ?? SITEVERIFY_URLS[options.kind];
  return {
    kind: options.kind,
    async verify(token, remoteIp): Promise<CaptchaResult> {
      if (!token) return { ok: false, code: ErrorCode.CaptchaRequired };
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: { success?: unknown };
      try {
        const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
        if (!response.ok) return { ok: false, code: ErrorCode.CaptchaUnavailable };
        answer = await response.json() as { success?: unknown };
      } catch {
        return { ok: false, code: ErrorCode.CaptchaUnavailable };
      }
      return answer.success === true ? { ok: true } : { ok: false, code: ErrorCode.CaptchaInvalid };
    },
  };
}
