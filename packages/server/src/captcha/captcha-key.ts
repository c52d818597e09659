import type { CaptchaProvider } from './captcha.ts';

/**
 * ALTCHA's signing key: PORTICO_CAPTCHA_HMAC_KEY. Without it a development server makes one per
 * process (a warning says so: challenges do not survive a restart, and several nodes would refuse
 * each other's); production refuses to start, since each node would then sign with its own key.
 */
export function captchaHmacKeyFor(env: { NODE_ENV: string; PORTICO_CAPTCHA_HMAC_KEY?: string | undefined }, provider: CaptchaProvider): { key?: string; warning?: string } {
  if (provider !== 'altcha') return {};
  if (env.PORTICO_CAPTCHA_HMAC_KEY) return { key: env.PORTICO_CAPTCHA_HMAC_KEY };
  if (env.NODE_ENV === 'production') {
    throw new Error("PORTICO_CAPTCHA_HMAC_KEY: required when NODE_ENV=production and captcha.provider is 'altcha' (at least 32 random characters, the same on every node; e.g. openssl rand -base64 32)");
  }
  return { warning: 'PORTICO_CAPTCHA_HMAC_KEY is not set: this process signs ALTCHA challenges with a key of its own (challenges fetched before a restart, or from another node, are refused)' };
}
