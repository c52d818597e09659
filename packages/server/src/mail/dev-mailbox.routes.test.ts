import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { createMailer, type Mailer } from './mailer.ts';

let t: TestApp;
let mailer: Mailer;
beforeAll(async () => {
  mailer = createMailer({ from: 'Portico <no-reply@localhost>', production: false });
  t = await createTestApp({ app: { mailer } });
});
afterAll(async () => { await t.close(); });

describe('/dev/mailbox attachments (a receipt\'s invoice PDF, issue 16)', () => {
  it('lists a message\'s attachments with a link that answers the bytes as sent; an unknown one is a 404 in the error shape', async () => {
    const pdf = Buffer.from('%PDF-1.7 made up for the test\n');
    await mailer.send({ to: 'ada@example.com', subject: 'Your receipt', text: 'Paid.', html: '<p>Paid.</p>', attachments: [{ filename: 'invoice-7.pdf', content: pdf, contentType: 'application/pdf' }] });
    const page = await t.request({ method: 'GET', url: '/dev/mailbox' });
    const href = /<a href="(\/dev\/mailbox\/\d+\/attachments\/0)" download="invoice-7\.pdf">invoice-7\.pdf<\/a> \(application\/pdf, 30 bytes\)/.exec(page.body)?.[1];
    expect(href, page.body).toBeTruthy();
    const file = await t.request({ method: 'GET', url: href! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invoice-7.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const missing = await t.request({ method: 'GET', url: href!.replace(/\/0$/, '/1') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ Status: 404, ErrorCode: 'Errors.NotFound' });
  });
});
