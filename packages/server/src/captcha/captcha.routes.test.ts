import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ErrorCode } from '@portico/core';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { companyConfigSchema } from '../config/company-config.schema.ts';

describe('GET /api/v1/captcha/challenge (demo company: ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('hands out a signed, expiring challenge that is never cached, and whose solution passes the sign-up check once', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json() as Challenge;
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now() + 60_000);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);

    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(await t.app.captcha.verify(token)).toEqual({ ok: true });
    expect(await t.app.captcha.verify(token)).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
  });

  it('goes out compressed though it is under the app\'s 1 KB threshold (every form with the captcha fetches one)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/captcha/challenge', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toMatchObject({ parameters: { algorithm: 'SHA-256' } });
  });

  it('announces ALTCHA in the startup settings, without a site key', async () => {
    const init = (await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json();
    expect(init).toMatchObject({ CaptchaEnabled: true, CaptchaProvider: 'altcha', PaymentSettings: { CaptchaSiteKey: null } });
  });
});

describe('with reCAPTCHA configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = companyConfigSchema.parse({
      ...loadCompanyConfig(), captcha: { provider: 'recaptcha', siteKey: '6LeTestSiteKey', secretEnv: 'TEST_RECAPTCHA_SECRET' },
    });
    t = await createTestApp({ config, app: { secrets: { TEST_RECAPTCHA_SECRET: 'the-secret' } } });
  });
  afterAll(async () => { await t.close(); });

  it('has no ALTCHA challenge (404), and sends the site key to the widget', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Status: 404, ErrorCode: ErrorCode.NotFound });
    const init = (await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json();
    expect(init).toMatchObject({ CaptchaEnabled: true, CaptchaProvider: 'recaptcha', PaymentSettings: { CaptchaSiteKey: '6LeTestSiteKey' } });
    expect(t.app.captcha.kind).toBe('recaptcha');
  });

  it('refuses to start when the secret\'s environment variable is missing, naming it', async () => {
    const config = companyConfigSchema.parse({
      ...loadCompanyConfig(), captcha: { provider: 'turnstile', siteKey: '0xTest', secretEnv: 'MISSING_TURNSTILE_SECRET' },
    });
    await expect(createTestApp({ config, database: t.database, app: { secrets: {} } })).rejects.toThrow(/MISSING_TURNSTILE_SECRET/);
  });
});

describe('captcha config', () => {
  it('needs the site key and secret variable for reCAPTCHA and Turnstile, and defaults to ALTCHA', () => {
    const base = loadCompanyConfig();
    const bad = companyConfigSchema.safeParse({ ...base, captcha: { provider: 'turnstile' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['captcha.siteKey', 'captcha.secretEnv']);
    const { captcha: _dropped, ...withoutCaptcha } = base;
    expect(companyConfigSchema.parse(withoutCaptcha).captcha.provider).toBe('altcha');
  });
});
