import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { siteverifyCaptcha } from './siteverify-captcha.ts';

/**
 * A stand-in for Google's and Cloudflare's siteverify endpoints (not reachable from here) on
 * 127.0.0.1: it checks the secret and answers for the tokens the tests use, as the real ones do.
 */
const received: URLSearchParams[] = [];
let server: Server;
let base: string;

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void body(req).then((text) => {
      const form = new URLSearchParams(text);
      received.push(form);
      if (req.url === '/broken') { res.writeHead(500).end('oops'); return; }
      if (req.url === '/slow') { setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'), 1000); return; }
      const success = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && form.get('secret') === 'the-secret' && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(success ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(['recaptcha', 'turnstile'] as const)('%s siteverify', (kind) => {
  const captcha = (path = '/siteverify', secret = 'the-secret', timeoutMs?: number) =>
    siteverifyCaptcha({ kind, secret, url: `${base}${path}`, ...(timeoutMs ? { timeoutMs } : {}) });

  it('accepts the token the provider confirms, sending the secret and the visitor address', async () => {
    received.length = 0;
    expect(await captcha().verify('good-token', '203.0.113.7')).toEqual({ ok: true });
    expect(received[0]?.get('remoteip')).toBe('203.0.113.7');
  });

  it('refuses a token the provider rejects, and a missing token without asking the provider', async () => {
    expect(await captcha().verify('bad-token')).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
    expect(await captcha('/siteverify', 'wrong-secret').verify('good-token')).toEqual({ ok: false, code: ErrorCode.CaptchaInvalid });
    received.length = 0;
    expect(await captcha().verify(undefined)).toEqual({ ok: false, code: ErrorCode.CaptchaRequired });
    expect(received).toHaveLength(0);
  });

  it('fails closed when the provider errs, is slow or is down', async () => {
    expect(await captcha('/broken').verify('good-token')).toEqual({ ok: false, code: ErrorCode.CaptchaUnavailable });
    expect(await captcha('/slow', 'the-secret', 200).verify('good-token')).toEqual({ ok: false, code: ErrorCode.CaptchaUnavailable });
    const down = siteverifyCaptcha({ kind, secret: 'the-secret', url: 'http://127.0.0.1:9/siteverify' });
    expect(await down.verify('good-token')).toEqual({ ok: false, code: ErrorCode.CaptchaUnavailable });
  });
});
