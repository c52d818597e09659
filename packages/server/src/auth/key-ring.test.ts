import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { createClock } from '../clock/server-clock.ts';
import { accessTokens } from './access-tokens.ts';
import { keyEncryption } from './key-encryption.ts';
import { createKeyRing } from './key-ring.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

function ring(secret: string, clock = createClock({ initial: '2026-01-01T00:00:00Z', adjustable: true }), warnings: string[] = []) {
  const r = createKeyRing({
    repo: unitOfWork(t.database.db).signingKeys, clock, sealer: keyEncryption(secret), rotationDays: 30,
    tokenLifetimeMs: 15 * 60_000, onWarning: (m) => warnings.push(m),
  });
  return { ring: r, clock, warnings, tokens: accessTokens({ ring: r, clock, issuer: 'portico:test', lifetimeMinutes: 15 }) };
}

const claims = { sub: 'p1', email: 'a@example.com', given_name: null, family_name: null, account_uid: null, client_identifier: null, is_primary: false, subscription_uid: null, plan_uid: null, sid: 's1' };

describe('signing keys', () => {
  it('rotates after keyRotationDays; the old key stays published until its last token has expired', async () => {
    const { ring: r, clock, tokens } = ring('rotation-secret-0123456789abcdef0123');
    const first = await r.signingKey();
    clock.set(new Date(clock.now().getTime() + 30 * DAY - 5 * 60_000));
    expect((await r.signingKey()).kid).toBe(first.kid);
    const lastOfFirst = (await tokens.issue(claims)).token;

    clock.set(new Date(clock.now().getTime() + 5 * 60_000));
    const second = await r.signingKey();
    expect(second.kid).not.toBe(first.kid);
    expect((await r.jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([first.kid, second.kid]));
    // The retired key no longer signs but still verifies the tokens it signed.
    expect((await tokens.issue(claims)).token.split('.')[0]).not.toBe(lastOfFirst.split('.')[0]);
    expect((await tokens.verify(lastOfFirst))?.sub).toBe('p1');

    // Once every token of the old key has expired, it leaves the JWKS (a fresh node reads the table).
    clock.set(new Date(clock.now().getTime() + 20 * 60_000));
    const fresh = ring('rotation-secret-0123456789abcdef0123', clock).ring;
    expect((await fresh.jwks()).keys.map((k) => k.kid)).toEqual([second.kid]);
    expect(await fresh.verificationKey(first.kid)).toBeNull();
  });

  it('stores the private key encrypted; another PORTICO_KEY_ENCRYPTION_KEY cannot use it and makes a new key', async () => {
    const rows = await unitOfWork(t.database.db).signingKeys.list();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateJwk).toMatch(/^v1\./);
      expect(row.privateJwk).not.toContain('"d"');
      expect(row.publicJwk).not.toHaveProperty('d');
    }
    const newest = rows[0]!;
    const clock = createClock({ initial: newest.created.toISOString(), adjustable: true });
    const other = ring('a-different-secret-0123456789abcdef', clock);
    const key = await other.ring.signingKey();
    expect(key.kid).not.toBe(newest.kid);
    expect(other.warnings.join('\n')).toMatch(/cannot be decrypted/);
  });
});
