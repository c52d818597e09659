import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.ts';

describe('security headers computed once from helmet', () => {
  it('includes the strict CSP and helmet defaults', () => {
    const h = helmetHeaders();
    expect(h['content-security-policy']).toBe("default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';font-src 'self' data:;object-src 'none';base-uri 'self';frame-ancestors 'self';form-action 'self'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['cross-origin-resource-policy']).toBe('cross-origin');
    expect(h['x-powered-by']).toBeUndefined();
  });
});

describe('Google Identity Services in the policy only when the company uses it', () => {
  async function csp(google: boolean) {
    const app = Fastify();
    registerSecurityHeaders(app, { google });
    app.get('/', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return String(res.headers['content-security-policy']);
  }
  it('names accounts.google.com/gsi for script, style, connect and frames with a client id', async () => {
    const policy = await csp(true);
    expect(policy).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(policy).toContain("style-src 'self' https://accounts.google.com/gsi/style;");
    expect(policy).toContain("connect-src 'self' https://accounts.google.com/gsi/;");
    expect(policy).toContain('frame-src https://accounts.google.com/gsi/');
  });
  it('stays strict without one', async () => {
    expect(await csp(false)).not.toContain('google');
  });
});

describe('HSTS only on answers to HTTPS requests (issue 6 item 8)', () => {
  // The real hook on a Fastify with the proxy trust an operator configures (PORTICO_TRUST_PROXY).
  async function appBehind(trustProxy: boolean) {
    const app = Fastify({ trustProxy });
    registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    await app.ready();
    return app;
  }
  it('is absent over plain HTTP (browsers ignore it there, and it misleads an audit)', async () => {
    const app = await appBehind(false);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
  it('is present when a trusted proxy reports that the visitor came over HTTPS', async () => {
    const app = await appBehind(true);
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    await app.close();
  });
  it('a client that is not a trusted proxy cannot turn it on with X-Forwarded-Proto', async () => {
    const app = await appBehind(false);
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});
