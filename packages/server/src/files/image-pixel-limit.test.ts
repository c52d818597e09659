import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS } from '@portico/core/files/image-limits';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { fingerprinter } from '../testing/db-fingerprint.ts';
import { bearer, multipartPhoto, signedInOwner } from '../profile/profile-test-helpers.ts';
import { nextClient, nonce, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';
import { jpegDeclaring, pngDeclaring } from './test-images.ts';
import type { ChatMessage } from '@portico/core/chat/chat-protocol';
import { call, chatClient, connected, sendInput } from '../testing/chat-client.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';

// A decompression bomb is a small file whose header declares a huge image; anything that decodes
// it (a browser showing the photo, a thumbnailer) allocates width × height × 4 bytes. Every upload
// route refuses more than IMAGE_MAX_PIXELS from the header alone, before a byte is stored.

let t: TestApp;
let token: string;
let fingerprint: () => Promise<string>;
/** A visitor's chat (issue 19): its files go to their conversation with the visitor's uvi, or the operator's with the admin key. */
const chat = { caseUid: '', uvi: '' };

beforeAll(async () => {
  t = await createTestApp({ config: registrationConfig() });
  token = (await signedInOwner(t)).token;
  const visitor = chatClient(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  const { issuedUvi } = await connected(visitor);
  const sent = await call<ChatMessage>(visitor, 'send', sendInput('pixels-1', 'a picture follows'));
  if (!sent.ok) throw new Error(sent.error.Message);
  Object.assign(chat, { caseUid: sent.data.Case.Uid, uvi: issuedUvi! });
  visitor.close();
  fingerprint = await fingerprinter(t.database, { ignore: ['sessions'] });
});
afterAll(async () => { await t.close(); });

/** A multipart body as a browser's FormData sends it. */
function form(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----portico${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Send = (image: Buffer, filename: string) => Promise<{ statusCode: number; body: string; json(): unknown }>;
/**
 * Each image upload route, keyed as the OpenAPI document names it: a setup step (a nonce for the
 * registration) that returns the sender of one image with everything else right.
 */
const UPLOADS: Record<string, () => Promise<Send>> = {
  // Help-form attachments (issue 18, files/check-upload-content.ts): an image is checked as the photo is.
  'POST /api/v1/public/support/cases': async () => (image, filename) => t.request({
    method: 'POST', url: '/api/v1/public/support/cases', remoteAddress: nextClient(),
    ...form([{ name: 'item', value: JSON.stringify({ FromPerson: { Email: 'ada@example.com' }, Subject: 'A photo', Body: 'See the picture.', Source: 1 }) }, { name: 'files[0]', value: image, filename, type: 'image/png' }]),
  }),
  'POST /api/v1/crm/registrations': async () => {
    const body = registrationBody({ Nonce: await nonce(t) });
    return (image, filename) => t.request({ method: 'POST', url: '/api/v1/crm/registrations', remoteAddress: nextClient(), ...form([{ name: 'account', value: JSON.stringify(body) }, { name: 'profileImage', value: image, filename }]) });
  },
  'POST /api/v1/crm/registrations/validate': async () => {
    const body = registrationBody();
    return (image, filename) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/validate', remoteAddress: nextClient(), ...form([{ name: 'account', value: JSON.stringify(body) }, { name: 'profileImage', value: image, filename }]) });
  },
  // Chat files (issue 19): the visitor's and the operator's, checked by the same content check.
  'POST /api/v1/chats/{caseUid}/documents': async () => (image, filename) => t.request({
    method: 'POST', url: `/api/v1/chats/${chat.caseUid}/documents?uvi=${chat.uvi}`, remoteAddress: nextClient(),
    ...form([{ name: 'file', value: image, filename, type: 'image/png' }]),
  }),
  'POST /api/v1/admin/chats/{caseUid}/documents': async () => (image, filename) => {
    const f = form([{ name: 'AgentName', value: 'Ana' }, { name: 'file', value: image, filename, type: 'image/png' }]);
    return t.request({ method: 'POST', url: `/api/v1/admin/chats/${chat.caseUid}/documents`, payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${TEST_ADMIN_KEY}` } });
  },
  'PUT /api/v1/profile/photo': async () => (image, filename) => {
    const { payload, headers } = multipartPhoto(image, filename);
    return t.request({ method: 'PUT', url: '/api/v1/profile/photo', headers: { ...headers, ...bearer(token) }, payload });
  },
};

/** The field a refusal names: the photo's, or the help form's first attachment. */
const fieldOf = (route: string) => (route.includes('/support/') ? 'files[0]' : route.includes('/chats/') ? 'file' : 'Person.profileImage');

describe(`every image upload refuses more than ${IMAGE_MAX_PIXELS.toLocaleString('en-US')} pixels, read from the header`, () => {
  it('covers every route of the OpenAPI document that takes a file', () => {
    type Op = { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> } };
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Op>> };
    const withFiles = Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops)
      .filter(([, op]) => Object.values(op.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {}).some((p) => p.format === 'binary'))
      .map(([method]) => `${method.toUpperCase()} ${url}`));
    for (const route of withFiles) expect(Object.keys(UPLOADS), `add ${route} to UPLOADS`).toContain(route);
  });

  const bombs: [string, () => Buffer, RegExp | null][] = [
    ['a small PNG whose IHDR declares 100000 × 100000', () => pngDeclaring(100_000, 100_000), /100,000 × 100,000 pixels; at most 40,000,000 pixels/],
    ['a JPEG whose SOF0 declares 65535 × 65535', () => jpegDeclaring(65_535, 65_535), /65,535 × 65,535 pixels/],
    ['a progressive JPEG (SOF2) declaring 65535 × 65535', () => jpegDeclaring(65_535, 65_535, 0xc2), /65,535 × 65,535 pixels/],
    ['a PNG one row over the limit (8000 × 5001)', () => pngDeclaring(8000, 5001), /8,000 × 5,001 pixels/],
    ['a PNG whose header is cut short inside IHDR', () => pngDeclaring(100_000, 100_000).subarray(0, 24), null],
    ['a JPEG cut short inside its frame header', () => Buffer.concat([jpegDeclaring(65_535, 65_535).subarray(0, 26), Buffer.from([0xff, 0xd9])]), null],
  ];

  for (const [route, prepare] of Object.entries(UPLOADS)) {
    it.each(bombs)(`${route}: %s is 400 Errors.FileInvalidType on ${fieldOf(route)}, nothing stored`, async (_name, image, message) => {
      const send = await prepare();
      const before = await fingerprint();
      const res = await send(image(), 'me.png');
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { ErrorCode: string; Message: string; FieldErrors: { Field: string; ErrorCode: string; Message: string }[] };
      expect(body.ErrorCode).toBe('Errors.FileInvalidType');
      const fieldError = body.FieldErrors.find((e) => e.Field === fieldOf(route));
      expect(fieldError?.ErrorCode, res.body).toBe('Errors.FileInvalidType');
      if (message) expect(fieldError!.Message).toMatch(message);
      else expect(fieldError!.Message).not.toMatch(/pixels/);
      expect(await fingerprint()).toBe(before);
    });

    it(`${route}: an image of exactly ${IMAGE_MAX_PIXELS.toLocaleString('en-US')} pixels is accepted`, async () => {
      const res = await (await prepare())(pngDeclaring(8000, 5000), 'me.png');
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  }
});
