import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '@portico/core/signup/registration-limits';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { pngHeaderOnExecutable, pngOfSize, tinyPng } from '../files/test-images.ts';
import { expectRefusedWithoutWrites, nextClient, nonce, registrationBody, registrationConfig } from './registration-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ config: registrationConfig() }); });
afterAll(async () => { await t.close(); });

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----portico${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function registerWithImage(image: Buffer | null, filename = 'me.png', type = 'image/png') {
  const body = registrationBody({ Nonce: await nonce(t) });
  const parts = [{ name: 'account', value: JSON.stringify(body) }, ...(image ? [{ name: 'profileImage', value: image, filename, type }] : [])];
  return t.request({ method: 'POST', url: '/api/v1/crm/registrations', remoteAddress: nextClient(), ...multipart(parts) });
}

describe('multipart registration with a profile image (checked by content, at most 1,048,576 bytes)', () => {
  it('stores a real PNG and serves it with its type, nosniff and a long cache', async () => {
    const res = await registerWithImage(tinyPng(), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().Person.ProfileImageUrl as string;
    expect(url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9]{12}$/);
    const file = await t.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    // The bytes decide the type, not the name or the type the browser claimed.
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(tinyPng())).toBe(true);
    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': String(file.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.request({ method: 'GET', url: '/api/v1/files/nosuchfile00' })).statusCode).toBe(404);
  });

  it('accepts an image of exactly 1,048,576 bytes and refuses 1,048,577 with Errors.FileTooLarge', async () => {
    const exact = await registerWithImage(pngOfSize(PROFILE_IMAGE_MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(201);
    const over = await expectRefusedWithoutWrites(t, () => registerWithImage(pngOfSize(PROFILE_IMAGE_MAX_BYTES + 1)), 400, 'Errors.FileTooLarge');
    expect(over.FieldErrors[0]!.Field).toBe('Person.profileImage');
  });

  it('refuses a PNG header on an executable named .png, and a text file, with Errors.FileInvalidType; nothing is stored', async () => {
    const exe = await expectRefusedWithoutWrites(t, () => registerWithImage(pngHeaderOnExecutable(), 'cat.png'), 400, 'Errors.FileInvalidType');
    expect(exe.FieldErrors).toEqual([{ Field: 'Person.profileImage', ErrorCode: 'Errors.FileInvalidType', Message: 'The profile image must be a PNG or JPEG image.' }]);
    await expectRefusedWithoutWrites(t, () => registerWithImage(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'me.jpg', 'image/jpeg'), 400, 'Errors.FileInvalidType');
  });

  it('without an image a multipart registration works like JSON; broken or unknown parts are 400', async () => {
    const plain = await registerWithImage(null);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().Person.ProfileImageUrl).toBeNull();
    const send = (parts: Parameters<typeof multipart>[0]) => t.request({ method: 'POST', url: '/api/v1/crm/registrations', remoteAddress: nextClient(), ...multipart(parts) });
    expect((await send([{ name: 'account', value: '{not json' }])).json().ErrorCode).toBe('Errors.MalformedBody');
    expect((await send([{ name: 'other', value: '{}' }])).statusCode).toBe(400);
    expect((await send([{ name: 'profileImage', value: tinyPng(), filename: 'a.png' }])).json().FieldErrors[0].Field).toBe('account');
    const twoFiles = await send([{ name: 'account', value: '{}' }, { name: 'profileImage', value: tinyPng(), filename: 'a.png' }, { name: 'profileImage', value: tinyPng(), filename: 'b.png' }]);
    expect(twoFiles.statusCode).toBeGreaterThanOrEqual(400);
    expect(twoFiles.statusCode).toBeLessThan(500);
  });
});
