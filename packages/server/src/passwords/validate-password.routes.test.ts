import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from './password-hashing.ts';
import { commonPasswords } from './common-passwords.ts';

let strict: TestApp;
let lenient: TestApp;
beforeAll(async () => {
  const base = loadCompanyConfig();
  strict = await createTestApp({
    config: { ...base, passwordPolicy: { MinimumLength: 10, UpperLowerNumberRequired: true, SpecialCharacterRequired: true, PasswordHistoryEnabled: true, PasswordHistorySize: 3, PersonalDataDisallowed: true } },
  });
  lenient = await createTestApp({ config: { ...base, passwordPolicy: { ...base.passwordPolicy, MinimumLength: 8, UpperLowerNumberRequired: false, SpecialCharacterRequired: false, PasswordHistoryEnabled: false, PersonalDataDisallowed: false } } });
});
afterAll(async () => { await Promise.all([strict.close(), lenient.close()]); });

const check = (t: TestApp, payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/v1/auth/validate-password', payload, headers });
const verdicts = async (t: TestApp, payload: Record<string, string>, headers?: Record<string, string>): Promise<Record<string, boolean>> => {
  const res = await check(t, payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: { PolicyKey: string; IsValid: boolean }[]; IsValid: boolean };
  const byKey: Record<string, boolean> = Object.fromEntries(body.items.map((i) => [i.PolicyKey, i.IsValid]));
  return { ...byKey, all: body.IsValid };
};

describe('POST /auth/validate-password', () => {
  it('answers IsValid per PolicyKey for each rule the policy turns on, plus the common-password rule', async () => {
    expect(await verdicts(strict, { Password: 'zq7' })).toEqual({
      MinimumLength: false, UpperLowerNumberRequired: false, SpecialCharacterRequired: false, PersonalDataDisallowed: true, CommonPasswordDisallowed: true, all: false,
    });
    expect(await verdicts(strict, { Password: 'Quiet-Harbor-42', Email: 'ada@example.com', FirstName: 'Ada' })).toEqual({
      MinimumLength: true, UpperLowerNumberRequired: true, SpecialCharacterRequired: true, PersonalDataDisallowed: true, CommonPasswordDisallowed: true, all: true,
    });
    expect((await verdicts(strict, { Password: 'Lovelace-Rules-42', LastName: 'Lovelace' })).PersonalDataDisallowed).toBe(false);
  });

  it('composition rules apply only when the policy turns them on', async () => {
    expect(await verdicts(lenient, { Password: 'quiet harbor' })).toEqual({ MinimumLength: true, CommonPasswordDisallowed: true, all: true });
  });

  it('refuses the common passwords whatever their case, and the list holds 3,000 of them', async () => {
    expect(commonPasswords().size).toBe(3000);
    for (const common of ['password1', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      expect(await verdicts(lenient, { Password: common }), common).toMatchObject({ CommonPasswordDisallowed: false, all: false });
    }
  });

  it('with an access token: the person\'s last passwords are refused (PasswordHistory)', async () => {
    const account = await importCustomer(strict);
    const uow = unitOfWork(strict.database.db);
    const personUid = account.PrimaryContact.Uid as string;
    for (const p of ['Older-Secret-111', 'Current-Secret-222']) await uow.passwordHistory.replaceHash(personUid, await hashPassword(p), new Date());
    const login = await strict.request({ method: 'POST', url: '/api/v1/tokens', payload: { username: account.PrimaryContact.Email, password: 'Current-Secret-222' } });
    expect(login.statusCode, login.body).toBe(200);
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    expect((await verdicts(strict, { Password: 'Current-Secret-222' }, auth)).PasswordHistoryEnabled).toBe(false);
    expect((await verdicts(strict, { Password: 'Older-Secret-111' }, auth)).PasswordHistoryEnabled).toBe(false);
    expect(await verdicts(strict, { Password: 'Brand-New-Secret-333' }, auth)).toMatchObject({ PasswordHistoryEnabled: true, all: true });
    // The person's own name counts as personal data without sending it.
    expect((await verdicts(strict, { Password: 'Lovelace-Secret-444' }, auth)).PersonalDataDisallowed).toBe(false);
    expect((await check(strict, { Password: 'x' }, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });
});
