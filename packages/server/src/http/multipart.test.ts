import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { fingerprinter } from '../testing/db-fingerprint.ts';
import { bearer, signedInOwner } from '../profile/profile-test-helpers.ts';
import { nextClient, nonce, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';
import { tinyPng } from '../files/test-images.ts';
import { MULTIPART_HEADER_BYTES, MULTIPART_HEADER_PAIRS } from './multipart.ts';

// Every multipart route answers a malformed body with one 400 in the catalogue's error shape and
// writes nothing (docs/decisions.md "Malformed multipart is a 400"). The routes are found in the
// OpenAPI document (every operation taking multipart/form-data), so a new upload route is covered
// without editing this table; the three known ones must be among them.
const KNOWN_MULTIPART_ROUTES = ['POST /api/v1/crm/registrations', 'POST /api/v1/crm/registrations/validate', 'PUT /api/v1/profile/photo'];

let t: TestApp;
let token: string;
let routes: { method: string; url: string; scheme: string | null }[];
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ config: registrationConfig() });
  token = (await signedInOwner(t)).token;
  type Op = { requestBody?: { content?: Record<string, unknown> }; security?: unknown[] };
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Op>> };
  // Each route is called with the credential its document names (a member's token, or the admin key for the
  // operator's chat files), so the malformed body, not a missing credential, is what refuses it.
  const found = new Map<string, string | null>();
  for (const [url, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s as Record<string, unknown>));
      if (op.requestBody?.content?.['multipart/form-data']) found.set(`${method.toUpperCase()} ${url}`, schemes[0] ?? null);
    }
  }
  for (const known of KNOWN_MULTIPART_ROUTES) if (!found.has(known)) found.set(known, known.includes('/profile/') ? 'accessToken' : null);
  routes = [...found].map(([key, scheme]) => {
    const [method, url] = key.split(' ') as [string, string];
    return { method, url, scheme };
  });
  // The sessions row of the signed-in owner may be touched by each signed-in call; everything else must not move.
  fingerprint = await fingerprinter(t.database, { ignore: ['sessions'] });
});
afterAll(async () => { await t.close(); });

const credential = (scheme: string | null): Record<string, string> =>
  scheme === 'adminKey' ? { authorization: `Bearer ${TEST_ADMIN_KEY}` } : scheme ? bearer(token) : {};

const B = 'PorticoBoundary7MA4YWxkTrZu0gW';
const disposition = (name: string, filename?: string) => `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
const part = (headers: string[], body: string | Buffer) => Buffer.concat([Buffer.from(`--${B}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
const close = Buffer.from(`--${B}--\r\n`);
const ok = `multipart/form-data; boundary=${B}`;

/** A malformed body: its Content-Type and bytes, built around a registration JSON that on its own would be accepted. */
interface Malformed { name: string; contentType: string; body(json: string): Buffer }
const MALFORMED: Malformed[] = [
  { name: 'no boundary in the Content-Type', contentType: 'multipart/form-data', body: (j) => Buffer.concat([part([disposition('account')], j), close]) },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: (j) => Buffer.concat([part([disposition('account')], j), close]) },
  { name: 'a boundary the body does not use', contentType: 'multipart/form-data; boundary=SomethingElse', body: (j) => Buffer.concat([part([disposition('account')], j), close]) },
  { name: 'a body cut short inside a part', contentType: ok, body: (j) => Buffer.from(`--${B}\r\n${disposition('account')}\r\n\r\n${j.slice(0, 20)}`) },
  { name: 'a body cut short inside a file', contentType: ok, body: (j) => Buffer.concat([part([disposition('account')], j), Buffer.from(`--${B}\r\n${disposition('profileImage', 'me.png')}\r\nContent-Type: image/png\r\n\r\n`), tinyPng().subarray(0, 30)]) },
  { name: 'a body cut short inside the part headers', contentType: ok, body: () => Buffer.from(`--${B}\r\nContent-Disposition: form-da`) },
  { name: 'no closing boundary', contentType: ok, body: (j) => part([disposition('account')], j) },
  { name: 'no boundary at all in the body', contentType: ok, body: (j) => Buffer.from(j) },
  { name: 'a part without a name', contentType: ok, body: (j) => Buffer.concat([part(['Content-Disposition: form-data'], j), close]) },
  { name: 'a file part without a name', contentType: ok, body: (j) => Buffer.concat([part(['Content-Disposition: form-data; filename="me.png"', 'Content-Type: image/png'], tinyPng()), part([disposition('account')], j), close]) },
  { name: 'a part with an empty name', contentType: ok, body: (j) => Buffer.concat([part(['Content-Disposition: form-data; name=""'], j), close]) },
  { name: 'a part named __proto__', contentType: ok, body: (j) => Buffer.concat([part([disposition('__proto__')], j), close]) },
  { name: 'a part without Content-Disposition', contentType: ok, body: (j) => Buffer.concat([part(['Content-Type: application/json'], j), close]) },
  { name: 'a header line without a colon', contentType: ok, body: (j) => Buffer.concat([part(['this is not a header'], j), close]) },
  { name: 'too many parts', contentType: ok, body: (j) => Buffer.concat([...['a', 'b', 'c', 'd'].map((n) => part([disposition(n)], 'x')), part([disposition('account')], j), close]) },
  { name: 'two non-file parts', contentType: ok, body: (j) => Buffer.concat([part([disposition('account')], j), part([disposition('account')], j), close]) },
  { name: 'two files', contentType: ok, body: (j) => Buffer.concat([part([disposition('account')], j), ...[1, 2].map((i) => part([disposition('profileImage', `me${i}.png`), 'Content-Type: image/png'], tinyPng())), close]) },
  {
    name: `more header lines than ${MULTIPART_HEADER_PAIRS} before the name`, contentType: ok,
    body: (j) => Buffer.concat([part([...Array.from({ length: MULTIPART_HEADER_PAIRS + 10 }, (_, i) => `X-Filler-${i}: x`), disposition('account')], j), close]),
  },
  { name: `a header block over ${MULTIPART_HEADER_BYTES} bytes before the name`, contentType: ok, body: (j) => Buffer.concat([part([`X-Filler: ${'x'.repeat(MULTIPART_HEADER_BYTES + 100)}`, disposition('account')], j), close]) },
  { name: 'a header block that never ends', contentType: ok, body: () => Buffer.from(`--${B}\r\n${disposition('account')}\r\nX-Filler: ${'x'.repeat(200_000)}`) },
  { name: 'a part declared application/json that is not JSON', contentType: ok, body: () => Buffer.concat([part([disposition('account'), 'Content-Type: application/json'], '{"Person": '), close]) },
  { name: 'an empty body', contentType: ok, body: () => Buffer.alloc(0) },
  { name: 'only the closing boundary', contentType: ok, body: () => close },
  { name: 'random bytes', contentType: ok, body: () => Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256)) },
];

/** A registration body the server would accept (with a fresh nonce), so only the malformation can refuse it. */
async function acceptableJson(url: string): Promise<string> {
  if (!url.startsWith('/api/v1/crm/registrations')) return '{}';
  return JSON.stringify(registrationBody({ Nonce: await nonce(t) }));
}

describe('malformed multipart/form-data on every multipart route', () => {
  it('finds the multipart routes in the OpenAPI document', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(KNOWN_MULTIPART_ROUTES));
  });

  it.each(MALFORMED.map((m) => [m.name, m] as const))('%s: 400 in the one error shape, nothing written', async (_name, malformed) => {
    for (const route of routes) {
      const json = await acceptableJson(route.url);
      const before = await fingerprint();
      const res = await t.request({
        method: route.method as 'POST' | 'PUT', url: route.url, remoteAddress: nextClient(), payload: malformed.body(json),
        headers: { 'content-type': malformed.contentType, ...credential(route.scheme) },
      });
      const where = `${route.method} ${route.url}: ${res.body}`;
      expect(res.statusCode, where).toBe(400);
      expect(res.headers['content-type'], where).toMatch(/^application\/json/);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).sort(), where).toEqual(['ErrorCode', 'FieldErrors', 'Message', 'Status']);
      expect(body.Status, where).toBe(400);
      expect(['Errors.MalformedBody', 'Errors.ValidationFailed', 'Errors.Required'], where).toContain(body.ErrorCode);
      for (const fe of body.FieldErrors as Record<string, unknown>[]) expect(Object.keys(fe).sort(), where).toEqual(['ErrorCode', 'Field', 'Message']);
      // Never a stack trace or busboy's own words.
      expect(res.body, where).not.toMatch(/\bat \S+ \(|node_modules|busboy|Unexpected end/i);
      expect(await fingerprint(), where).toBe(before);
    }
  });

  it('a missing boundary, a cut body and a nameless part name the problem with Errors.MalformedBody', async () => {
    const json = await acceptableJson('/api/v1/crm/registrations');
    const send = (m: Malformed) => t.request({ method: 'POST', url: '/api/v1/crm/registrations/validate', remoteAddress: nextClient(), payload: m.body(json), headers: { 'content-type': m.contentType } });
    const byName = (n: string) => MALFORMED.find((m) => m.name === n)!;
    expect((await send(byName('no boundary in the Content-Type'))).json()).toEqual({
      Status: 400, ErrorCode: 'Errors.MalformedBody', FieldErrors: [],
      Message: 'The multipart/form-data body is malformed: the Content-Type has no usable boundary (multipart/form-data; boundary=…).',
    });
    expect((await send(byName('a body cut short inside a part'))).json().Message).toMatch(/ended before its closing boundary/);
    expect((await send(byName('a part without a name'))).json().Message).toMatch(/every part needs a name/);
    expect((await send(byName('two files'))).json().Message).toMatch(/at most (1 file part is|2 parts are) accepted/);
  });

  it('a well-formed multipart body still works, with the account part sent as text or as application/json', async () => {
    for (const type of [[], ['Content-Type: application/json']]) {
      const json = await acceptableJson('/api/v1/crm/registrations');
      const res = await t.request({
        method: 'POST', url: '/api/v1/crm/registrations/validate', remoteAddress: nextClient(),
        payload: Buffer.concat([part([disposition('account'), ...type], json), close]), headers: { 'content-type': ok },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const photo = await t.request({
      method: 'PUT', url: '/api/v1/profile/photo', headers: { 'content-type': ok, ...bearer(token) },
      payload: Buffer.concat([part([disposition('profileImage', 'me.png'), 'Content-Type: image/png'], tinyPng()), close]),
    });
    expect(photo.statusCode, photo.body).toBe(200);
  });
});

describe('multipart is read in one place', () => {
  it('no module but http/multipart.ts registers @fastify/multipart or reads parts itself', () => {
    const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) { walk(file); continue; }
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith(`${path.sep}http${path.sep}multipart.ts`)) continue;
        const text = readFileSync(file, 'utf8');
        if (/from '@fastify\/multipart'|\.parts\(\)|\.file\(\)|\.files\(\)|saveRequestFiles/.test(text)) offenders.push(path.relative(src, file));
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
