import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ErrorCode } from '@portico/core';
import { openTestDatabase } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { altchaCaptcha } from './altcha-captcha.ts';
import { captchaSolutionsRepository } from './captcha-solutions.repository.ts';

const KEY = 'test-hmac-key-0123456789abcdef0123456789';
let database: Database;

beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

const captcha = (overrides: { hmacKey?: string; challengeSeconds?: number } = {}) => altchaCaptcha({
  hmacKey: overrides.hmacKey ?? KEY, challengeSeconds: overrides.challengeSeconds ?? 600, difficulty: 200,
  used: captchaSolutionsRepository(database.db),
});

/** What the widget does: solve with altcha-lib and send base64(JSON({ challenge, solution })). */
async function solve(challenge: Challenge, tamper?: (s: { counter: number; derivedKey: string }) => void): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  tamper?.(solution);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA captcha', () => {
  it('accepts a solved challenge once: the same solution again is refused', async () => {
    const c = captcha();
    const token = await solve(await c.challenge());
    expect(await c.verify(token)).toEqual({ ok: true });
    expect(await c.verify(token)).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
  });

  it('asks for the captcha when no token is sent, and refuses garbage and wrong answers', async () => {
    const c = captcha();
    expect(await c.verify(undefined)).toEqual({ ok: false, code: ErrorCode.CaptchaRequired });
    expect(await c.verify('')).toEqual({ ok: false, code: ErrorCode.CaptchaRequired });
    expect(await c.verify('not base64 json')).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
    const wrong = await solve(await c.challenge(), (s) => { s.counter += 1; s.derivedKey = s.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0')); });
    expect(await c.verify(wrong)).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
  });

  it('refuses a challenge signed with another key, and one whose difficulty was lowered', async () => {
    const other = captcha({ hmacKey: 'another-key-0123456789abcdef0123456789ab' });
    expect(await captcha().verify(await solve(await other.challenge()))).toMatchObject({ ok: false });
    const challenge = await captcha().challenge();
    const easier = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: challenge.parameters.keyPrefix.slice(0, 2) } };
    expect(await captcha().verify(await solve(easier))).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
  });

  it('refuses a solution submitted after its challenge expired', async () => {
    const c = captcha({ challengeSeconds: 1 });
    const token = await solve(await c.challenge());
    await new Promise((r) => setTimeout(r, 2100));
    expect(await c.verify(token)).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
  });

  it('the same solution sent several times at once is accepted once', async () => {
    // On PostgreSQL the pool runs the four checks on separate connections, as separate nodes would.
    const a = captcha();
    const b = captcha();
    for (let round = 0; round < 5; round += 1) {
      const token = await solve(await a.challenge());
      const results = await Promise.all([a.verify(token), b.verify(token), a.verify(token), b.verify(token)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
  });
});
