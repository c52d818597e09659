import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CHAT_ATTACHMENT_MAX_BYTES, type ChatMessage } from '@portico/core/chat/chat-protocol';
import { pngHeaderOnExecutable, tinyPng } from '../files/test-images.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { call, chatClient, connected, nextReceived, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { CHAT_RATE_LIMITS } from './chat.rate-limits.ts';

let t: TestApp;
let base: string;
const open: ChatClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
});

const BOUNDARY = 'chat-boundary-7MA4YWxkTrZu0gW';
function form(parts: { name: string; filename?: string; bytes: Buffer | string; type?: string }[]): Pick<InjectOptions, 'headers' | 'payload'> {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`), Buffer.from(p.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.concat(chunks) };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let address = 0;
const from = () => `203.0.113.${(address += 1) % 250}`;

async function chatWithMessage(opts: { token?: string } = {}): Promise<{ socket: ChatClient; uvi: string; caseUid: string }> {
  const socket = chatClient(base, opts);
  open.push(socket);
  await connected(socket);
  const uvi = (await call<string>(socket, 'getUvi')) as { ok: true; data: string };
  const sent = await call<ChatMessage>(socket, 'send', sendInput(randomUUID(), 'see attached'));
  if (!sent.ok) throw new Error(sent.error.Message);
  return { socket, uvi: uvi.data, caseUid: sent.data.Case.Uid };
}
const counts = async () => ((await t.database.db.execute(sql`select (select count(*) from support_attachments)::int as attachments, (select count(*) from support_case_activities)::int as activities, (select count(*) from files)::int as files`)) as unknown as { rows: unknown[] }).rows[0];
const upload = (caseUid: string, query: string, parts: Parameters<typeof form>[0]) =>
  t.request({ method: 'POST', url: `/api/v1/chats/${caseUid}/documents?${query}`, remoteAddress: from(), ...form(parts) });

describe('chat attachments', () => {
  it('a visitor\'s file is content-checked, stored with the case, delivered as an attachment message, and downloadable with the uvi only', async () => {
    const { socket, uvi, caseUid } = await chatWithMessage();
    const other = await chatWithMessage();
    const tab = chatClient(base, { uvi });
    open.push(tab);
    await connected(tab);
    const got = nextReceived(tab);
    const res = await upload(caseUid, `uvi=${uvi}`, [{ name: 'documentInfo', bytes: '{"PublicReadable":true}' }, { name: 'file', filename: 'screen shot.png', bytes: tinyPng(), type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toEqual({ Uid: expect.any(String), Name: 'screen shot.png', ContentType: 'image/png' });
    const [message] = await got;
    const url = `/api/v1/chats/${caseUid}/documents/${doc.Uid}/data?name=screen%20shot.png`;
    expect(message).toMatchObject({ Type: 1, Seq: 2, Comment: `attachment|image|${url}` });
    // In the history too, in Seq order.
    const history = await call<{ Messages: ChatMessage[] }>(socket, 'getHistory', { AfterSeq: 1 });
    expect(history.ok && history.data.Messages.map((m) => m.Comment)).toEqual([`attachment|image|${url}`]);

    const mine = await t.request({ method: 'GET', url: `${url}&uvi=${uvi}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^inline; filename="screen shot.png"/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(tinyPng())).toBe(true);
    // Another visitor's credential opens nothing of this chat, and cannot upload into it.
    expect((await t.request({ method: 'GET', url: `${url}&uvi=${other.uvi}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/chats/${other.caseUid}/documents/${doc.Uid}/data?uvi=${other.uvi}` })).statusCode).toBe(404);
    const before = await counts();
    expect((await upload(caseUid, `uvi=${other.uvi}`, [{ name: 'file', filename: 'a.png', bytes: tinyPng() }])).statusCode).toBe(404);
    expect((await upload(caseUid, 'uvi=forged', [{ name: 'file', filename: 'a.png', bytes: tinyPng() }])).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // The operator reads it through the support case's attachments.
    const c = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${caseUid}` });
    expect(c.json().Attachments).toEqual([expect.objectContaining({ Uid: doc.Uid, Name: 'screen shot.png', ActivityUid: message!.Uid })]);
  });

  it('refuses a disguised or oversized file and stores nothing', async () => {
    const { uvi, caseUid } = await chatWithMessage();
    const before = await counts();
    const disguised = await upload(caseUid, `uvi=${uvi}`, [{ name: 'file', filename: 'holiday.png', bytes: pngHeaderOnExecutable() }]);
    expect(disguised.statusCode, disguised.body).toBe(400);
    expect(disguised.json().ErrorCode).toBe('Errors.FileInvalidType');
    const text = await upload(caseUid, `uvi=${uvi}`, [{ name: 'file', filename: 'notes.png', bytes: 'just text' }]);
    expect(text.json().ErrorCode).toBe('Errors.FileInvalidType');
    const big = await upload(caseUid, `uvi=${uvi}`, [{ name: 'file', filename: 'big.txt', bytes: Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES + 10, 'a') }]);
    expect(big.json().ErrorCode).toBe('Errors.FileTooLarge');
    const none = await upload(caseUid, `uvi=${uvi}`, [{ name: 'documentInfo', bytes: '{}' }]);
    expect(none.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('a signed-in visitor uploads and downloads with their access token', async () => {
    const c = await signedInCustomer(t);
    const { caseUid } = await chatWithMessage({ token: c.primary.token });
    const res = await upload(caseUid, `access_token=${c.primary.token}`, [{ name: 'file', filename: 'report.pdf', bytes: PDF }]);
    expect(res.statusCode, res.body).toBe(201);
    const data = await t.request({ method: 'GET', url: `/api/v1/chats/${caseUid}/documents/${res.json().Uid}/data?access_token=${c.primary.token}` });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await t.request({ method: 'GET', url: `/api/v1/chats/${caseUid}/documents/${res.json().Uid}/data?access_token=bad` })).statusCode).toBe(401);
  });

  it('an operator\'s file reaches the visitor as an attachment message (Type 6)', async () => {
    const { socket, uvi, caseUid } = await chatWithMessage();
    const got = nextReceived(socket);
    const res = await t.admin({ method: 'POST', url: `/api/v1/admin/chats/${caseUid}/documents`, ...form([{ name: 'AgentName', bytes: 'Sam' }, { name: 'file', filename: 'invoice.pdf', bytes: PDF }]) });
    expect(res.statusCode, res.body).toBe(201);
    const [m] = await got;
    expect(m).toMatchObject({ Type: 6, AgentName: 'Sam', Comment: `attachment|file|/api/v1/chats/${caseUid}/documents/${res.json().Uid}/data?name=invoice.pdf` });
    const data = await t.request({ method: 'GET', url: `/api/v1/chats/${caseUid}/documents/${res.json().Uid}/data?uvi=${uvi}` });
    expect(data.rawPayload.equals(PDF)).toBe(true);
    const bad = await t.admin({ method: 'POST', url: `/api/v1/admin/chats/${caseUid}/documents`, ...form([{ name: 'file', filename: 'invoice.pdf', bytes: PDF }]) });
    expect(bad.statusCode).toBe(400);
  });

  it('past chatUploads an address is refused (429)', async () => {
    const { uvi, caseUid } = await chatWithMessage();
    const ip = '198.51.100.77';
    for (let i = 0; i < CHAT_RATE_LIMITS.chatUploads.max; i += 1) {
      const res = await t.request({ method: 'POST', url: `/api/v1/chats/${caseUid}/documents?uvi=${uvi}`, remoteAddress: ip, ...form([{ name: 'file', filename: 'a.txt', bytes: `n${i}` }]) });
      expect(res.statusCode).toBe(201);
    }
    const over = await t.request({ method: 'POST', url: `/api/v1/chats/${caseUid}/documents?uvi=${uvi}`, remoteAddress: ip, ...form([{ name: 'file', filename: 'a.txt', bytes: 'x' }]) });
    expect(over.statusCode).toBe(429);
  });
});
