import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { pngHeaderOnExecutable, pngOfSize, tinyJpeg, tinyPng } from '../files/test-images.ts';
import { checkUploadContent } from '../files/check-upload-content.ts';
import { RATE_LIMITS } from '../features.ts';
import { acknowledgementMessage } from './support-mail.ts';

const SUPPORT_ADDRESS = 'help@northwind.example';
const config = () => {
  const c = loadCompanyConfig();
  return { ...c, captcha: { ...c.captcha, provider: 'none' as const }, support: { emailAddress: SUPPORT_ADDRESS } };
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const xlsx = (main = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml') => Buffer.from(zipSync({
  '[Content_Types].xml': strToU8(`<?xml version="1.0"?><Types><Override PartName="/xl/workbook.xml" ContentType="${main}"/></Types>`),
  'xl/workbook.xml': strToU8('<workbook/>'),
}));

interface FilePart { name?: string; filename: string; bytes: Buffer; type?: string }
const BOUNDARY = 'support-test-boundary';
function multipart(item: unknown, files: FilePart[] = [], extra: Buffer[] = []): Pick<InjectOptions, 'headers' | 'payload'> {
  const chunks: Buffer[] = [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="item"\r\nContent-Type: application/json\r\n\r\n${typeof item === 'string' ? item : JSON.stringify(item)}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentInfo"\r\n\r\n{"PublicReadable":true}\r\n`),
  ];
  files.forEach((f, i) => {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name ?? `files[${i}]`}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  });
  chunks.push(...extra, Buffer.from(`--${BOUNDARY}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.concat(chunks) };
}
const item = (over: Record<string, unknown> = {}) => ({ FromPerson: { Email: 'visitor@example.com' }, Subject: 'Export fails', Body: 'The CSV export stops at 1,000 rows.', RecaptchaSiteKey: null, Source: 1, ...over });

let address = 0;
const from = () => `192.0.2.${(address += 1) % 250}`;
const send = (t: TestApp, form: Pick<InjectOptions, 'headers' | 'payload'>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/v1/public/support/cases', remoteAddress: from(), ...form, headers: { ...form.headers, ...headers } });
const counts = async (t: TestApp) => {
  const r = await t.database.db.execute(sql`select (select count(*) from support_cases)::int as cases, (select count(*) from support_attachments)::int as attachments, (select count(*) from files)::int as files, (select count(*) from outbox)::int as outbox`);
  return (r as unknown as { rows: Record<string, number>[] }).rows[0];
};

let smtp: SmtpInbox;
const inbox: Received[] = [];
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpInbox(inbox);
  t = await createTestApp({ config: config(), clock: '2026-03-15T12:00:00Z', app: { mailer: smtp.mailer } });
});
afterAll(async () => { await t.close(); await smtp.close(); });

describe('the help form: POST /public/support/cases (multipart)', () => {
  it('creates an open Website case with two attachments, typed by content; the admin API reads it; the sender and the support address are mailed', async () => {
    const res = await send(t, multipart(item(), [{ filename: 'screen.png', bytes: tinyPng(), type: 'image/png' }, { filename: 'report.pdf', bytes: PDF }]));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ Source: 1, Status: 'open', Attachments: [{ Name: 'screen.png', ContentType: 'image/png' }, { Name: 'report.pdf', ContentType: 'application/pdf', Size: PDF.length }] });

    const read = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${created.Uid}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      Number: created.Number, Email: 'visitor@example.com', Subject: 'Export fails', Status: 'open', Source: 1,
      Activities: [{ Type: 1, Body: 'The CSV export stops at 1,000 rows.', Author: { Kind: 'person', Email: 'visitor@example.com' } }],
    });
    expect(read.json().Attachments).toHaveLength(2);
    const pdf = read.json().Attachments.find((a: { Name: string }) => a.Name === 'report.pdf');
    const download = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${created.Uid}/attachments/${pdf.Uid}/data` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="report.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const waiting = inbox.length;
    expect(await t.app.jobs.deliverDue()).toBe(2);
    const mails = inbox.slice(waiting);
    const ack = mails.find((m) => m.to.includes('visitor@example.com'))!;
    expect(ack.raw).toMatch(new RegExp(`^Subject: \\[#${created.Number}\\] We received your request: Export fails`, 'm'));
    expect(ack.raw).toMatch(/Content-Type: text\/plain/);
    expect(mailText(ack.raw)).toContain('The CSV export stops at 1,000 rows.');
    const notice = mails.find((m) => m.to.includes(SUPPORT_ADDRESS))!;
    expect(notice.raw).toMatch(/filename=screen\.png/);
    expect(notice.raw).toMatch(/filename=report\.pdf/);
  });

  it('with the auto-reply on, the new case gets it as its second activity and the acknowledgement carries its text; off again, neither', async () => {
    const text = 'We answer within one working day.\nUrgent? Call +1 555 0100.';
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: true, Text: text } })).statusCode).toBe(200);
    try {
      const res = await send(t, multipart(item({ FromPerson: { Email: 'auto@example.com' }, Subject: 'Auto' })));
      expect(res.statusCode, res.body).toBe(201);
      const read = (await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${res.json().Uid}` })).json();
      expect(read.Activities.map((a: { Type: number }) => a.Type)).toEqual([1, 7]);
      expect(read.Activities[1]).toMatchObject({ Body: text, Author: { Kind: 'system', Name: t.config.company.name } });
      const waiting = inbox.length;
      await t.app.jobs.deliverDue();
      const ack = inbox.slice(waiting).find((m) => m.to.includes('auto@example.com'))!;
      const body = mailText(ack.raw);
      expect(body).toContain('We answer within one working day.');
      // The person's own text is still the one quoted, after the auto-reply.
      expect(body.indexOf('Urgent? Call')).toBeLessThan(body.indexOf('The CSV export stops'));
    } finally {
      await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: false, Text: text } });
    }
    const off = await send(t, multipart(item({ FromPerson: { Email: 'auto-off@example.com' } })));
    const read = (await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${off.json().Uid}` })).json();
    expect(read.Activities.map((a: { Type: number }) => a.Type)).toEqual([1]);
  });

  it('the case is listed for the admin, filtered by email and status, paged; the public file route never serves an attachment', async () => {
    await send(t, multipart(item({ FromPerson: { Email: 'Other@Example.com' } }), [{ filename: 'a.png', bytes: tinyPng() }]));
    const mine = await t.admin({ method: 'GET', url: '/api/v1/admin/support/cases?email=OTHER@example.com&status=open' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().metadata.total).toBe(1);
    expect(mine.json().items[0]).toMatchObject({ Email: 'Other@Example.com', Status: 'open' });
    const closed = await t.admin({ method: 'GET', url: '/api/v1/admin/support/cases?status=closed' });
    expect(closed.json().metadata.total).toBe(0);
    const paged = await t.admin({ method: 'GET', url: '/api/v1/admin/support/cases?limit=1&offset=0' });
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().metadata.total).toBeGreaterThanOrEqual(2);
    const detail = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${mine.json().items[0].Uid}` });
    const fileUid = ((await t.database.db.execute(sql`select file_uid from support_attachments where uid = ${detail.json().Attachments[0].Uid}`)) as unknown as { rows: { file_uid: string }[] }).rows[0]!.file_uid;
    expect((await t.request({ method: 'GET', url: `/api/v1/files/${fileUid}` })).statusCode).toBe(404);
    expect((await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${mine.json().items[0].Uid}/attachments/nobody/data` })).statusCode).toBe(404);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/support/cases/nobody' })).statusCode).toBe(404);
  });

  it('accepts csv, txt, jpg and xlsx by their content', async () => {
    const res = await send(t, multipart(item(), [
      { filename: 'rows.csv', bytes: Buffer.from('a,b\n1,€\n') }, { filename: 'notes.txt', bytes: Buffer.from('\ufeffplain text') },
      { filename: 'photo.jpeg', bytes: tinyJpeg() }, { filename: 'sheet.xlsx', bytes: xlsx() },
    ]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Attachments.map((a: { ContentType: string }) => a.ContentType)).toEqual([
      'text/csv', 'text/plain', 'image/jpeg', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it.each([
    ['a .png that is text', { filename: 'shot.png', bytes: Buffer.from('just some text') }],
    ['a .pdf that is an executable', { filename: 'invoice.pdf', bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200, 1)]) }],
    ['a PNG signature on an executable', { filename: 'logo.png', bytes: pngHeaderOnExecutable() }],
    ['a PDF without its end marker', { filename: 'cut.pdf', bytes: Buffer.from('%PDF-1.7\nstuff that never ends') }],
    ['a zip that is not a spreadsheet', { filename: 'data.xlsx', bytes: xlsx('application/zip') }],
    ['a .txt with NUL bytes', { filename: 'bin.txt', bytes: Buffer.from([0x61, 0x00, 0x62]) }],
    ['a .csv that is not UTF-8', { filename: 'latin.csv', bytes: Buffer.from([0x61, 0xe9, 0x2c, 0x62]) }],
    ['a text file named .exe', { filename: 'run.exe', bytes: Buffer.from('echo hi') }],
  ])('refuses %s with an error naming the file, and stores nothing', async (_, file) => {
    const before = await counts(t);
    const res = await send(t, multipart(item(), [{ filename: 'fine.png', bytes: tinyPng() }, file]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.FileInvalidType', FieldErrors: [{ Field: 'files[1]', ErrorCode: 'Errors.FileInvalidType' }] });
    expect(res.json().FieldErrors[0].Message).toContain(file.filename);
    expect(await counts(t)).toEqual(before);
  });

  it('refuses an oversize file (400 FileTooLarge naming it, as the profile photo does) and a sixth attachment (naming it); nothing is stored', async () => {
    const before = await counts(t);
    const big = await send(t, multipart(item(), [{ filename: 'huge.png', bytes: pngOfSize(2_000_001) }]));
    expect(big.statusCode, big.body).toBe(400);
    expect(big.json()).toMatchObject({ ErrorCode: 'Errors.FileTooLarge', FieldErrors: [{ Field: 'files[0]' }] });
    expect(big.json().FieldErrors[0].Message).toContain('huge.png is larger than 2MB');
    const six = await send(t, multipart(item(), Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.png`, bytes: tinyPng() }))));
    expect(six.statusCode, six.body).toBe(400);
    expect(six.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'files[5]', Message: expect.stringContaining('p5.png') })]);
    const seven = await send(t, multipart(item(), Array.from({ length: 7 }, (_, i) => ({ filename: `p${i}.png`, bytes: tinyPng() }))));
    expect(seven.statusCode).toBe(400);
    expect(seven.json().ErrorCode).toBe('Errors.MalformedBody');
    expect(await counts(t)).toEqual(before);
  });

  it('answers bad input with the one error shape, never a 500', async () => {
    const cases: Pick<InjectOptions, 'headers' | 'payload'>[] = [
      multipart(item({ FromPerson: { Email: 'not-an-email' } })),
      multipart(item({ Subject: '' })),
      multipart(item({ Body: 'x'.repeat(20_001) })),
      multipart(item({ Source: 5 })),
      multipart(item({ Subject: 'a\u0000b' })),
      multipart(JSON.stringify(item()).replace('{', '{"__proto__":{"Subject":""},"Subject":"",')),
      { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="item"\r\n\r\n{not json`) },
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="item"\r\n\r\n{}\r\n--${BOUNDARY}--\r\n`) },
      multipart(item(), [{ name: 'evil', filename: 'a.png', bytes: tinyPng() }]),
    ];
    for (const form of cases) {
      const res = await send(t, form);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['ErrorCode', 'FieldErrors', 'Message', 'Status']);
    }
    const email = await send(t, multipart(item({ FromPerson: { Email: 'not-an-email' } })));
    expect(email.json().FieldErrors[0].Field).toBe('FromPerson.Email');
  });

  it('keeps script and event-handler HTML in a body as text', async () => {
    const body = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const res = await send(t, multipart(item({ Body: body })));
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${res.json().Uid}` });
    expect(read.json().Activities[0].Body).toBe(body);
    const waiting = inbox.length;
    await t.app.jobs.deliverDue();
    const ack = inbox.slice(waiting).find((m) => m.raw.includes(`[#${res.json().Number}]`) && m.to.includes('visitor@example.com'))!;
    expect(mailText(ack.raw)).toContain('<script>alert(1)</script>'); // the plain-text part: as written
    const { html } = acknowledgementMessage({ number: 1, email: 'v@example.com', subject: '<b>s</b>' }, body, 'Northwind');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&#60;script&#62;');
  });

  it('two identical submissions at once with one Idempotency-Key create one case', async () => {
    const before = await counts(t);
    const form = multipart(item({ Subject: 'Twice' }), [{ filename: 'a.png', bytes: tinyPng() }]);
    const key = { 'idempotency-key': 'support-twin-0001' };
    const [a, b] = await Promise.all([send(t, form, key), send(t, form, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().Uid).toBe(b.json().Uid);
    expect((await counts(t))!.cases).toBe(before!.cases! + 1);
    const other = await send(t, multipart(item({ Subject: 'Different' })), key);
    expect(other.statusCode).toBe(409);
  });

  it('a JSON request without attachments also creates a case', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/public/support/cases', remoteAddress: from(), payload: item({ Subject: 'JSON' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Attachments).toEqual([]);
  });

  it('a flood from one address is refused with 429 and Retry-After', async () => {
    const { max } = RATE_LIMITS.supportCaseSubmit;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= max; i += 1) {
      last = await t.request({ method: 'POST', url: '/api/v1/public/support/cases', remoteAddress: '198.51.100.77', payload: item() });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('GET /support/settings tells the widget the captcha, the limits and that chat is offline', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/support/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Captcha: { Provider: 'none' }, Attachments: { MaxFiles: 5, MaxFileBytes: 2_000_000 }, Chat: { Online: false } });
  });

  it('admin routes refuse a call without the admin key', async () => {
    for (const url of ['/api/v1/admin/support/cases', '/api/v1/admin/support/cases/x', '/api/v1/admin/support/cases/x/attachments/y/data']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('with a captcha configured', () => {
  it('a request without a token is refused and stores nothing', async () => {
    const c = loadCompanyConfig();
    const t2 = await createTestApp({ config: { ...c, captcha: { ...c.captcha, provider: 'altcha' } }, app: { captchaHmacKey: 'k'.repeat(32) } });
    try {
      const res = await t2.request({ method: 'POST', url: '/api/v1/public/support/cases', payload: item() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().FieldErrors[0].Field).toBe('RecaptchaToken');
      expect((await t2.request({ method: 'GET', url: '/api/v1/support/settings' })).json().Captcha.Provider).toBe('altcha');
    } finally { await t2.close(); }
  });
});

describe('checkUploadContent', () => {
  it('decides by content, not by name', () => {
    expect(checkUploadContent(tinyPng(), 'renamed.txt')).toMatchObject({ ok: true, type: 'image/png' });
    expect(checkUploadContent(PDF, 'x.png')).toMatchObject({ ok: true, type: 'application/pdf' });
    expect(checkUploadContent(Buffer.alloc(0), 'empty.txt')).toMatchObject({ ok: false });
  });
});
