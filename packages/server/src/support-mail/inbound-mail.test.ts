import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { bearer } from '../testing/signed-in-test-helpers.ts';
import { pngHeaderOnExecutable, tinyPng } from '../files/test-images.ts';
import { makeCase, signedInOperator, type TestOperator } from '../operators/console-test-helpers.ts';
import { INBOUND_SECRET_HEADER, inboundSecretMatches } from './inbound-mail.ts';

const SUPPORT = 'help@northwind.example';
const SECRET = 'inbound-secret-for-tests-0123456789abcdef';
const config = () => ({ ...loadCompanyConfig(), support: { emailAddress: SUPPORT } });

let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
let agent: TestOperator;
beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ config: config(), clock: '2026-03-15T12:00:00Z', app: { mailer: smtp.mailer, secrets: { PORTICO_INBOUND_MAIL_SECRET: SECRET } } });
  agent = await signedInOperator(t, { name: 'Mira Patel' });
});
afterAll(async () => { await t.close(); await smtp.close(); });

const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const counts = async () => (await rows(sql`select (select count(*) from support_case_activities)::int as activities, (select count(*) from support_attachments)::int as attachments,
  (select count(*) from files)::int as files, (select count(*) from support_inbound_mails)::int as mails`))[0];
const post = (raw: string | Buffer, secret: string | null = SECRET) => t.request({
  method: 'POST', url: '/api/v1/inbound-mail', payload: typeof raw === 'string' ? Buffer.from(raw) : raw,
  headers: { 'content-type': 'message/rfc822', ...(secret === null ? {} : { [INBOUND_SECRET_HEADER]: secret }) },
});

let messages = 0;
interface Part { type: string; body: string | Buffer; filename?: string }
/** A customer's mail as a mail provider posts it: RFC 822, multipart when it has attachments. */
function rfc822(o: { to: string; subject: string; text?: string; html?: string; from?: string; messageId?: string | null; attachments?: Part[] }): string {
  const id = o.messageId === undefined ? `<reply-${(messages += 1)}-${Date.now()}@customer.example>` : o.messageId;
  const head = [`From: ${o.from ?? 'Customer <customer@example.com>'}`, `To: ${o.to}`, `Subject: ${o.subject}`, ...(id ? [`Message-ID: ${id}`] : []), 'MIME-Version: 1.0', 'Date: Sun, 15 Mar 2026 12:00:00 +0000'];
  const parts: Part[] = [
    ...(o.text !== undefined ? [{ type: 'text/plain; charset=utf-8', body: o.text }] : []),
    ...(o.html !== undefined ? [{ type: 'text/html; charset=utf-8', body: o.html }] : []),
    ...(o.attachments ?? []),
  ];
  if (parts.length === 1 && !parts[0]!.filename) return [...head, `Content-Type: ${parts[0]!.type}`, '', String(parts[0]!.body)].join('\r\n');
  const b = 'mixed-boundary-42';
  const body = parts.map((p) => {
    if (!p.filename) return [`--${b}`, `Content-Type: ${p.type}`, '', String(p.body)].join('\r\n');
    const b64 = Buffer.from(p.body).toString('base64').replace(/.{76}/g, '$&\r\n');
    return [`--${b}`, `Content-Type: ${p.type}; name="${p.filename}"`, 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment; filename="${p.filename}"`, '', b64].join('\r\n');
  }).join('\r\n');
  // Text and HTML of one message are alternatives (as mail programs send them); with files, mixed.
  const kind = o.attachments?.length ? 'mixed' : 'alternative';
  return [...head, `Content-Type: multipart/${kind}; boundary="${b}"`, '', body, `--${b}--`, ''].join('\r\n');
}

/** The operator answers a case in the console; the outbox mails it over SMTP; the mail as the customer received it. */
async function replyAndReceive(caseUid: string, comment: string) {
  const res = await t.request({ method: 'POST', url: `/api/v1/console/cases/${caseUid}/replies`, headers: bearer(agent.token), payload: { Comment: comment } });
  expect(res.statusCode, res.body).toBe(201);
  const before = inbox.length;
  expect(await t.app.jobs.deliverDue()).toBeGreaterThanOrEqual(1);
  expect(inbox.length).toBe(before + 1);
  return simpleParser(inbox[inbox.length - 1]!.raw);
}

describe('support by mail: reply out with a Reply-To token, the answer back into the same case', () => {
  it('the reply goes from the support address with a plus-addressed Reply-To; the customer\'s real RFC 822 answer lands in the same case, once', async () => {
    const c = await makeCase(t, { email: 'customer@example.com', subject: 'Export fails' });
    const mail = await replyAndReceive(c.uid, 'Could you send the file?\n\nThanks.');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe('customer@example.com');
    expect(mail.from?.value[0]!.address).toBe(SUPPORT);
    expect(mail.subject).toBe(`[#${c.number}] Re: Export fails`);
    expect(mail.text).toContain('Could you send the file?');
    const replyTo = mail.replyTo?.value[0]!.address ?? '';
    expect(replyTo).toMatch(/^help\+[a-z2-7]{32}@northwind\.example$/);
    const token = replyTo.split('+')[1]!.split('@')[0]!;
    // Only a hash of the token is stored.
    expect(JSON.stringify(await rows(sql`select * from support_reply_tokens`))).not.toContain(token);
    // A second reply carries the same address (one token per case).
    expect((await replyAndReceive(c.uid, 'Any news?')).replyTo?.value[0]!.address).toBe(replyTo);

    const answer = rfc822({ to: replyTo, subject: `Re: [#${c.number}] Re: Export fails`, text: 'Here it is, see attached.', messageId: '<answer-1@customer.example>', attachments: [{ type: 'image/png', body: tinyPng(), filename: 'shot.png' }] });
    const res = await post(answer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ CaseUid: c.uid, Duplicate: false, Attachments: [{ Name: 'shot.png', Kept: true }] });
    const read = await t.request({ method: 'GET', url: `/api/v1/console/cases/${c.uid}`, headers: bearer(agent.token) });
    const activities = read.json().Activities;
    expect(activities.map((a: { Type: number }) => a.Type)).toEqual([1, 6, 6, 1]);
    expect(activities[3]).toMatchObject({ Body: 'Here it is, see attached.', Author: { Kind: 'person', Email: 'customer@example.com' } });
    expect(read.json().Attachments).toMatchObject([{ Name: 'shot.png', ContentType: 'image/png', ActivityUid: activities[3].Uid }]);
    // Unread for the operator again: person activity after their reply.
    const listed = await t.request({ method: 'GET', url: '/api/v1/console/cases?email=customer@example.com', headers: bearer(agent.token) });
    expect(listed.json().items.find((i: { Uid: string }) => i.Uid === c.uid).Unread).toBe(true);

    // The provider retries: the same Message-ID stores nothing again.
    const before = await counts();
    const retry = await post(answer);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ CaseUid: c.uid, ActivityUid: res.json().ActivityUid, Duplicate: true });
    expect(await counts()).toEqual(before);
  });

  it('a forged or missing secret is 401 and stores nothing; the comparison is on digests (no length leak)', async () => {
    const c = await makeCase(t, { email: 'x@example.com' });
    const mail = await replyAndReceive(c.uid, 'Hi');
    const raw = rfc822({ to: mail.replyTo!.value[0]!.address!, subject: 'Re', text: 'forged' });
    const before = await counts();
    expect((await post(raw, 'wrong-secret')).statusCode).toBe(401);
    expect((await post(raw, `${SECRET}x`)).statusCode).toBe(401);
    expect((await post(raw, null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect(inboundSecretMatches(undefined, 'anything')).toBe(false);
    expect(inboundSecretMatches(SECRET, SECRET)).toBe(true);
  });

  it('threads by the token only: no token, an unknown token, or a subject naming another case are refused with nothing stored', async () => {
    const a = await makeCase(t, { email: 'same@example.com', subject: 'First' });
    const b = await makeCase(t, { email: 'same@example.com', subject: 'Second' });
    const tokenOfB = (await replyAndReceive(b.uid, 'Reply on B')).replyTo!.value[0]!.address!;
    const before = await counts();
    // From the case's own customer, to the bare support address: not threaded by From.
    expect((await post(rfc822({ to: SUPPORT, subject: `Re: [#${a.number}] First`, text: 'no token', from: 'same@example.com' }))).statusCode).toBe(400);
    expect((await post(rfc822({ to: 'help+abcdefghijklmnopqrstuvwxyz234567@northwind.example', subject: 'Re', text: 'unknown' }))).statusCode).toBe(404);
    // B's token under A's case number (a forwarded or mixed-up thread).
    expect((await post(rfc822({ to: tokenOfB, subject: `Re: [#${a.number}] First`, text: 'which case?' }))).statusCode).toBe(409);
    // A token on another domain is not ours.
    expect((await post(rfc822({ to: tokenOfB.replace('northwind.example', 'evil.example'), subject: 'Re', text: 'x' }))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    // The token in Cc with B's own number is taken, into B.
    const ok = await post(rfc822({ to: 'someone@else.example', subject: `Re: [#${b.number}] Second`, text: 'fine', messageId: null }).replace('MIME-Version', `Cc: ${tokenOfB}\r\nMIME-Version`));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().CaseUid).toBe(b.uid);
  });

  it('HTML is stored as text: the plain part when there is one, else the HTML turned into text with no script', async () => {
    const c = await makeCase(t, { email: 'html@example.com' });
    const to = (await replyAndReceive(c.uid, 'Hello')).replyTo!.value[0]!.address!;
    const htmlOnly = await post(rfc822({ to, subject: 'Re', html: '<p>Thanks <b>a lot</b></p><script>alert("x")</script><img src=x onerror="alert(1)"><style>p{color:red}</style>' }));
    expect(htmlOnly.statusCode, htmlOnly.body).toBe(201);
    const both = await post(rfc822({ to, subject: 'Re', text: 'Plain wins', html: '<p>HTML loses</p><script>alert(2)</script>' }));
    expect(both.statusCode).toBe(201);
    const bodies = (await rows(sql`select body from support_case_activities where case_uid = ${c.uid} and type = 1 order by created, uid`)).map((r) => String(r.body));
    const fromHtml = bodies.find((b) => b.includes('Thanks'))!;
    expect(fromHtml).toContain('Thanks a lot');
    expect(fromHtml).not.toMatch(/alert|<script|onerror|<p>|color:red/);
    expect(bodies).toContain('Plain wins');
  });

  it('attachments: an oversize or disguised file is not kept (named in the answer and the activity), the rest is', async () => {
    const c = await makeCase(t, { email: 'files@example.com' });
    const to = (await replyAndReceive(c.uid, 'Send files')).replyTo!.value[0]!.address!;
    const before = await counts();
    const res = await post(rfc822({
      to, subject: 'Re', text: 'Three files',
      attachments: [
        { type: 'image/png', body: pngHeaderOnExecutable(), filename: 'photo.png' },
        { type: 'text/plain', body: Buffer.alloc(2_000_001, 0x61), filename: 'big.txt' },
        { type: 'text/csv', body: 'a,b\n1,2\n', filename: 'data.csv' },
        { type: 'application/x-msdownload', body: Buffer.from('MZ\u0090\u0000binary'), filename: 'tool.exe' },
      ],
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Attachments).toEqual([
      { Name: 'photo.png', Kept: false, Reason: expect.any(String) },
      { Name: 'big.txt', Kept: false, Reason: expect.stringContaining('2,000,000') },
      { Name: 'data.csv', Kept: true, Reason: null },
      { Name: 'tool.exe', Kept: false, Reason: expect.any(String) },
    ]);
    const after = (await counts()) as Record<string, number>;
    const was = before as Record<string, number>;
    expect(after.attachments! - was.attachments!).toBe(1);
    expect(after.files! - was.files!).toBe(1);
    const body = String((await rows(sql`select body from support_case_activities where uid = ${res.json().ActivityUid}`))[0]!.body);
    expect(body).toContain('Three files');
    expect(body).toContain('Attachment not kept: photo.png');
    expect(body).toContain('Attachment not kept: tool.exe');
    const stored = await rows(sql`select content_type from support_attachments where activity_uid = ${res.json().ActivityUid}`);
    expect(stored).toEqual([{ content_type: 'text/csv' }]);
  });

  it('a closed case opens again when the customer answers', async () => {
    const c = await makeCase(t, { email: 'closed@example.com' });
    const to = (await replyAndReceive(c.uid, 'Done?')).replyTo!.value[0]!.address!;
    expect((await t.request({ method: 'POST', url: `/api/v1/console/cases/${c.uid}/close`, headers: bearer(agent.token) })).statusCode).toBe(204);
    expect((await post(rfc822({ to, subject: 'Re', text: 'Not yet' }))).statusCode).toBe(201);
    expect(await rows(sql`select status from support_cases where uid = ${c.uid}`)).toEqual([{ status: 'open' }]);
  });
});
