import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** What docs/auth.md tells a host app to write, run as its own Node process. */
const HOST_APP = `
import { createRemoteJWKSet, jwtVerify } from 'jose';
const [jwksUrl, token, issuer] = process.argv.slice(1);
const keys = createRemoteJWKSet(new URL(jwksUrl));
try {
  const { payload } = await jwtVerify(token, keys, { issuer, audience: 'portico' });
  console.log(JSON.stringify({ ok: true, sub: payload.sub, account: payload.account_uid }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, code: err.code }));
}
`;

function hostAppVerifies(jwksUrl: string, token: string, issuer: string): Promise<{ ok: boolean; sub?: string; account?: string; code?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', HOST_APP, jwksUrl, token, issuer], { cwd: repoRoot });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`host app exited ${code}: ${err}`))));
  });
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t.close(); });

describe('JWKS', () => {
  it('publishes the ES256 public key, cacheable, at both paths; no private part', async () => {
    const res = await fetch(`${base}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = await res.json() as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('d');
    expect(await (await fetch(`${base}/api/v1/auth/jwks`)).json()).toEqual({ keys });
  });

  it('a host app in another process verifies a Portico token with jose against the JWKS, and rejects a forged one', async () => {
    const account = await importCustomer(t);
    await unitOfWork(t.database.db).passwordHistory.replaceHash(account.PrimaryContact.Uid, await hashPassword('a long enough password'), t.clock.now());
    const res = await fetch(`${base}/api/v1/tokens`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: account.PrimaryContact.Email, password: 'a long enough password' }),
    });
    expect(res.status).toBe(200);
    const { access_token: token } = await res.json() as { access_token: string };
    const issuer = `portico:${t.config.company.uid}`;
    expect(await hostAppVerifies(`${base}/.well-known/jwks.json`, token, issuer)).toEqual({ ok: true, sub: account.PrimaryContact.Uid, account: account.Uid });
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.alloc(64, 1).toString('base64url')}`;
    expect(await hostAppVerifies(`${base}/.well-known/jwks.json`, forged, issuer)).toEqual({ ok: false, code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });
});
