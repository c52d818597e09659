import { describe, expect, it } from 'vitest';
import { isCaptchaRequired } from './captcha-props.ts';

const settings = (CaptchaEnabled: boolean, CaptchaProvider: 'altcha' | 'recaptcha' | 'turnstile' | 'none', CaptchaSiteKey: string | null) =>
  ({ CaptchaEnabled, CaptchaProvider, PaymentSettings: { CaptchaSiteKey } }) as Parameters<typeof isCaptchaRequired>[0];

describe('isCaptchaRequired (spec 1 section 5: "needed when configured and a site key exists")', () => {
  it('needs a site key for reCAPTCHA and Turnstile, none for ALTCHA', () => {
    expect(isCaptchaRequired(settings(true, 'altcha', null))).toBe(true);
    expect(isCaptchaRequired(settings(true, 'recaptcha', '6Le-key'))).toBe(true);
    expect(isCaptchaRequired(settings(true, 'turnstile', null))).toBe(false);
    expect(isCaptchaRequired(settings(true, 'recaptcha', ''))).toBe(false);
  });

  it('is not needed when the company has no captcha', () => {
    expect(isCaptchaRequired(settings(false, 'altcha', null))).toBe(false);
    expect(isCaptchaRequired(settings(true, 'none', null))).toBe(false);
  });
});
