import type { InitSettings } from '@portico/core';

export interface CaptchaProps {
  /** The token for the register payload's RecaptchaToken; null while there is none (solving, expired, failed). */
  onToken(token: string | null): void;
  /** Change it after the server refused a submit: a token counts once, so a new one is made. */
  resetKey?: number | string;
}

/**
 * Spec 1 section 5: "The captcha is needed when configured and a site key exists." ALTCHA needs no
 * site key (the challenge comes from our own server).
 */
export function isCaptchaRequired(settings: Pick<InitSettings, 'CaptchaEnabled' | 'CaptchaProvider' | 'PaymentSettings'>): boolean {
  if (!settings.CaptchaEnabled) return false;
  if (settings.CaptchaProvider === 'altcha') return true;
  if (settings.CaptchaProvider === 'recaptcha' || settings.CaptchaProvider === 'turnstile') return !!settings.PaymentSettings.CaptchaSiteKey;
  return false;
}
