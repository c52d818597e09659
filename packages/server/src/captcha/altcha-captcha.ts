import { ErrorCode } from '@portico/core';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaResult, CaptchaVerifier } from './captcha.ts';

/** Where solved challenges are remembered (the database table, or memory in a unit test of this file). */
export interface UsedSolutions {
  useOnce(id: string, expires: Date): Promise<boolean>;
}

export interface AltchaOptions {
  /** Signs challenges; a solution only counts for a challenge signed with this key. */
  hmacKey: string;
  /** How long a challenge may be solved and submitted. */
  challengeSeconds: number;
  /** Average SHA-256 rounds a browser runs to solve one challenge. */
  difficulty: number;
  used: UsedSolutions;
}

export interface AltchaCaptcha extends CaptchaVerifier {
  kind: 'altcha';
  /** A fresh challenge for GET /captcha/challenge. */
  challenge(): Promise<Challenge>;
}

const ALGORITHM = 'SHA-256';

function parsePayload(token: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    return payload && typeof payload === 'object' && payload.challenge && payload.solution ? payload : null;
  } catch {
    return null;
  }
}

/**
 * Self-hosted ALTCHA proof-of-work. Challenges are deterministic (the server picks the counter,
 * so every visitor does a bounded, similar amount of work) and the derived key is signed, so
 * verifying costs one HMAC instead of re-running the work.
 */
export function altchaCaptcha(options: AltchaOptions): AltchaCaptcha {
  const keySecret = `${options.hmacKey}:derived-key`;
  const low = Math.max(1, Math.floor(options.difficulty / 2));
  return {
    kind: 'altcha',
    challenge: () => createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(low, low + options.difficulty),
      deriveKey,
      expiresAt: new Date(Date.now() + options.challengeSeconds * 1000),
      hmacSignatureSecret: options.hmacKey,
      hmacKeySignatureSecret: keySecret,
    }),
    async verify(token): Promise<CaptchaResult> {
      if (!token) return { ok: false, code: ErrorCode.CaptchaRequired };
      const payload = parsePayload(token);
      if (!payload) return { ok: false, code: ErrorCode.CaptchaInvalid };
      // Real time, not the adjustable server clock: expiry limits how long a solved challenge can be hoarded.
      const expiresAt = payload.challenge.parameters?.expiresAt;
      if (typeof expiresAt !== 'number') return { ok: false, code: ErrorCode.CaptchaInvalid };
      const result = await verifySolution({
        challenge: payload.challenge as Challenge, solution: payload.solution, deriveKey,
        hmacSignatureSecret: options.hmacKey, hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified || !payload.challenge.signature) return { ok: false, code: ErrorCode.CaptchaInvalid };
      // The signature is unique per challenge and covers its expiry: one accepted submit per challenge.
      const fresh = await options.used.useOnce(payload.challenge.signature, new Date(expiresAt * 1000));
      return fresh ? { ok: true } : { ok: false, code: ErrorCode.CaptchaInvalid };
    },
  };
}
