import { describe, expect, it } from 'vitest';
import { captchaHmacKeyFor } from './captcha-key.ts';

describe('ALTCHA signing key', () => {
  it('is required in production, named in the error', () => {
    expect(() => captchaHmacKeyFor({ NODE_ENV: 'production' }, 'altcha')).toThrow(/PORTICO_CAPTCHA_HMAC_KEY: required when NODE_ENV=production/);
    expect(captchaHmacKeyFor({ NODE_ENV: 'production', PORTICO_CAPTCHA_HMAC_KEY: 'k'.repeat(32) }, 'altcha')).toEqual({ key: 'k'.repeat(32) });
  });

  it('is made per process in development, with a warning; not needed for other providers', () => {
    expect(captchaHmacKeyFor({ NODE_ENV: 'development' }, 'altcha')).toEqual({ warning: expect.stringContaining('PORTICO_CAPTCHA_HMAC_KEY is not set') });
    expect(captchaHmacKeyFor({ NODE_ENV: 'production' }, 'turnstile')).toEqual({});
    expect(captchaHmacKeyFor({ NODE_ENV: 'production' }, 'none')).toEqual({});
  });
});
