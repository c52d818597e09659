import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { counts } from '../billing/billing-test-helpers.ts';
import { pngOfSize, tinyJpeg, tinyPng } from '../files/test-images.ts';
import { bearer, multipartPhoto, signedInMember, signedInOwner } from './profile-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const getProfile = (token: string, query = '') => t.request({ method: 'GET', url: `/api/v1/profile${query}`, headers: bearer(token) });
const putProfile = (token: string, payload: unknown) => t.request({ method: 'PUT', url: '/api/v1/profile', headers: bearer(token), payload: payload as object });
const putPhoto = (token: string, bytes: Buffer, name: string) => {
  const { payload, headers } = multipartPhoto(bytes, name);
  return t.request({ method: 'PUT', url: '/api/v1/profile/photo', headers: { ...headers, ...bearer(token) }, payload });
};

/** Sends a request that must fail with `status`/`code` and change no row anywhere. */
async function refusedWithoutWrites(send: () => Promise<{ statusCode: number; body: string; json: () => unknown }>, status: number, code: string) {
  const before = await counts(t);
  const people = async () => ((await t.database.db.execute('select email, first_name, field_values, profile_image_url, updated from people order by uid')) as { rows: unknown[] }).rows;
  const person = await people();
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { ErrorCode: string }).ErrorCode).toBe(code);
  expect(await counts(t)).toEqual(before);
  expect(await people()).toEqual(person);
  return res.json() as { Message: string; FieldErrors: { Field: string; ErrorCode: string; Message: string }[] };
}

describe('GET /profile', () => {
  it('401 without a token, and the signed-in person with the spec\'s fields', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
    const owner = await signedInOwner(t);
    const res = await getProfile(owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Uid: owner.personUid, Email: owner.email, FirstName: 'Ada', LastName: 'Lovelace', Title: null, PhoneMobile: null, PhoneWork: null,
      MailingAddress: null, OAuthGoogleProfileId: null, OptInToEmailList: false, ProfileImageS3Url: null, PasswordMustChange: false,
      EmailConfirmed: expect.any(Boolean), FieldValues: {},
    });
    const few = await getProfile(owner.token, '?fields=PasswordMustChange,Email');
    expect(few.json()).toEqual({ PasswordMustChange: false, Email: owner.email });
  });
});

describe('PUT /profile', () => {
  it('saves the configured fields (name, phone, birthday, about) checked with core\'s rules', async () => {
    const owner = await signedInOwner(t);
    const res = await putProfile(owner.token, {
      FirstName: '  Augusta ', LastName: 'King', PhoneMobile: '+441632960961', FieldValues: { Birthday: '1815-12-10', Bio: 'Notes on the engine.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ FirstName: 'Augusta', LastName: 'King', PhoneMobile: '+441632960961', FieldValues: { Birthday: '1815-12-10', Bio: 'Notes on the engine.' } });
    expect((await getProfile(owner.token)).json()).toMatchObject({ FirstName: 'Augusta', FieldValues: { Birthday: '1815-12-10' } });
  });

  it('a required field left empty or a bad date: one 400 with every field error, nothing written', async () => {
    const owner = await signedInOwner(t);
    const body = await refusedWithoutWrites(() => putProfile(owner.token, { FirstName: ' ', FieldValues: { Birthday: '1815-13-45' } }), 400, 'Errors.ValidationFailed');
    expect(body.FieldErrors.map((e) => e.Field).sort()).toEqual(['Person.FieldValues.Birthday', 'Person.FirstName']);
  });

  it('issue 12: a token alone cannot change the email: a new one is 400 on Person.Email pointing to the email change; the same one is accepted', async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    for (const Email of [`renamed-${Date.now()}@example.com`, other.email.toUpperCase(), 'not-an-email']) {
      const body = await refusedWithoutWrites(() => putProfile(owner.token, { Email, FirstName: 'Changed' }), 400, 'Errors.InvalidValue');
      expect(body.FieldErrors).toEqual([{ Field: 'Person.Email', ErrorCode: 'Errors.InvalidValue', Message: expect.stringContaining("'Change email'") }]);
    }
    const same = await putProfile(owner.token, { Email: owner.email, FirstName: 'Kept' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ Email: owner.email, FirstName: 'Kept' });
  });

  it('a field outside the profile configuration is refused when changed and accepted when sent back unchanged', async () => {
    const owner = await signedInOwner(t);
    const body = await refusedWithoutWrites(() => putProfile(owner.token, { Title: 'Countess', FirstName: 'Changed' }), 400, 'Errors.InvalidValue');
    expect(body.FieldErrors).toEqual([{ Field: 'Person.Title', ErrorCode: 'Errors.InvalidValue', Message: 'This field can not be changed.' }]);
    const roundTrip = (await getProfile(owner.token)).json();
    // The whole GET answer sent back with one change: the answer-only properties (Uid, ProfileImageS3Url...) are not edit input and are dropped.
    const res = await putProfile(owner.token, { ...roundTrip, FirstName: 'Same', OAuthGoogleProfileId: 'forged', PasswordMustChange: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ FirstName: 'Same', OAuthGoogleProfileId: null, PasswordMustChange: false, Title: null });
  });

  it('a person linked to a Google login cannot change the email (the same email is fine)', async () => {
    const owner = await signedInOwner(t);
    const google = await signedInMember(t, owner.accountUid, { oauthGoogleProfileId: 'google-sub-1' });
    const body = await refusedWithoutWrites(() => putProfile(google.token, { Email: `new-${Date.now()}@example.com` }), 400, 'Errors.InvalidValue');
    expect(body.FieldErrors[0]!.Field).toBe('Person.Email');
    const same = await putProfile(google.token, { Email: google.email, FirstName: 'Grace B.' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ Email: google.email, FirstName: 'Grace B.', OAuthGoogleProfileId: 'google-sub-1' });
  });

  it('bad input is a 400 in the one error shape, never a 500, and writes nothing', async () => {
    const owner = await signedInOwner(t);
    const bad: unknown[] = [
      { FirstName: 'A\u0000da' },
      { FirstName: 'x'.repeat(1_000_000) },
      { FieldValues: { Birthday: 1e308 } },
      JSON.parse('{"FieldValues":{"__proto__":{"polluted":true}}}'),
      JSON.parse('{"__proto__":{"Email":"x@example.com"}}'),
      { FieldValues: { Bio: ['a'] } },
      [],
    ];
    for (const payload of bad) {
      const before = await counts(t);
      const res = await putProfile(owner.token, payload);
      expect([400, 413], `${JSON.stringify(payload).slice(0, 80)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ Status: res.statusCode, ErrorCode: expect.stringMatching(/^Errors\./) });
      expect(await counts(t)).toEqual(before);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await getProfile(owner.token)).json()).toMatchObject({ FirstName: 'Ada', Email: owner.email, FieldValues: {} });
  });

  it('a double submit saves once and both answers agree', async () => {
    const owner = await signedInOwner(t);
    const [a, b] = await Promise.all([putProfile(owner.token, { FirstName: 'Twice' }), putProfile(owner.token, { FirstName: 'Twice' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().FirstName).toBe('Twice');
    expect(b.json()).toEqual(a.json());
  });
});

describe('PUT /profile/photo', () => {
  it('a png is stored and served by /files/{uid}; a new photo replaces (and deletes) it; DELETE removes it', async () => {
    const owner = await signedInOwner(t);
    const res = await putPhoto(owner.token, tinyPng(), 'me.png');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().ProfileImageS3Url as string;
    expect(url).toMatch(/^\/api\/v1\/files\/[\w-]+$/);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);
    // A jpg whose name says png: the type comes from the bytes.
    const jpg = await putPhoto(owner.token, tinyJpeg(), 'me.png');
    expect(jpg.statusCode, jpg.body).toBe(200);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: jpg.json().ProfileImageS3Url })).headers['content-type']).toBe('image/jpeg');
    const removed = await t.request({ method: 'DELETE', url: '/api/v1/profile/photo', headers: bearer(owner.token) });
    expect(removed.json().ProfileImageS3Url).toBeNull();
    expect((await t.request({ method: 'GET', url: jpg.json().ProfileImageS3Url })).statusCode).toBe(404);
  });

  it('a .png that is really an executable: 400 Errors.FileInvalidType, nothing stored', async () => {
    const owner = await signedInOwner(t);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 0x90)]);
    const pngThenScript = Buffer.concat([tinyPng(), Buffer.from('<script>alert(1)</script>')]);
    for (const bytes of [exe, pngThenScript, Buffer.alloc(0)]) {
      const body = await refusedWithoutWrites(() => putPhoto(owner.token, bytes, 'avatar.png'), 400, 'Errors.FileInvalidType');
      expect(body.Message).toBe('This file type can not be uploaded.');
      expect(body.FieldErrors[0]).toMatchObject({ Field: 'Person.profileImage', ErrorCode: 'Errors.FileInvalidType' });
    }
  });

  it('2,000,001 bytes: 400 Errors.FileTooLarge "<name> is larger than 2MB."; exactly 2,000,000 is accepted', async () => {
    const owner = await signedInOwner(t);
    const body = await refusedWithoutWrites(() => putPhoto(owner.token, pngOfSize(2_000_001), 'holiday.png'), 400, 'Errors.FileTooLarge');
    expect(body.Message).toBe('holiday.png is larger than 2MB.');
    expect(body.FieldErrors[0]).toMatchObject({ Field: 'Person.profileImage', ErrorCode: 'Errors.FileTooLarge' });
    const ok = await putPhoto(owner.token, pngOfSize(2_000_000), 'exact.png');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('401 without a token; 415 for a JSON body; 400 without the file part', async () => {
    const { payload, headers } = multipartPhoto(tinyPng(), 'me.png');
    expect((await t.request({ method: 'PUT', url: '/api/v1/profile/photo', headers, payload })).statusCode).toBe(401);
    const owner = await signedInOwner(t);
    const json = await t.request({ method: 'PUT', url: '/api/v1/profile/photo', headers: bearer(owner.token), payload: { x: 1 } });
    expect(json.statusCode, json.body).toBe(415);
    const wrongPart = multipartPhoto(tinyPng(), 'me.png', 'other');
    const res = await t.request({ method: 'PUT', url: '/api/v1/profile/photo', headers: { ...wrongPart.headers, ...bearer(owner.token) }, payload: wrongPart.payload });
    expect(res.statusCode, res.body).toBe(400);
  });
});
