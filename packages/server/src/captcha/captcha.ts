import type { ErrorCode } from '@portico/core';
import { altchaCaptcha, type AltchaCaptcha, type UsedSolutions } from './altcha-captcha.ts';
import { siteverifyCaptcha } from './siteverify-captcha.ts';

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

/** The company config's `captcha` section (company-config.schema.ts). */
export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey?: string | undefined;
  secretEnv?: string | undefined;
  verifyUrl?: string | undefined;
  challengeSeconds: number;
  difficulty: number;
}

export interface CaptchaSetup {
  /** ALTCHA's signing key (PORTICO_CAPTCHA_HMAC_KEY); start-server requires it in production. */
  hmacKey: string;
  /** Where `secretEnv` is looked up (process.env). */
  secrets: Record<string, string | undefined>;
  /** Remembers accepted ALTCHA solutions (the captcha_solutions table). */
  used: UsedSolutions;
}

/** The configured verifier; an ALTCHA one also makes the challenges its widget solves. */
export function createCaptcha(config: CaptchaConfig, setup: CaptchaSetup): CaptchaVerifier | AltchaCaptcha {
  switch (config.provider) {
    case 'none':
      return { kind: 'none', verify: async () => ({ ok: true }) };
    case 'altcha':
      return altchaCaptcha({ hmacKey: setup.hmacKey, challengeSeconds: config.challengeSeconds, difficulty: config.difficulty, used: setup.used });
    case 'recaptcha':
    case 'turnstile': {
      const secret = config.secretEnv ? setup.secrets[config.secretEnv] : undefined;
      if (!secret) throw new Error(`captcha.secretEnv: the environment variable ${config.secretEnv ?? '(unset)'} holding the ${config.provider} secret key is not set`);
      return siteverifyCaptcha({ kind: config.provider, secret, url: config.verifyUrl });
    }
  }
}

export const isAltcha = (captcha: CaptchaVerifier): captcha is AltchaCaptcha => captcha.kind === 'altcha';
