import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';
import { CaseSource } from '@portico/core/support/support-limits';
import { signedInOperator } from './console-test-helpers.ts';

/** What the console UI (issue 20) added to the console API: attachment downloads, the admin's auto-reply, one presence. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('console attachment download', () => {
  it('an operator downloads a case\'s attachment as a download (never rendered); another case\'s uid or a member is refused', async () => {
    const op = await signedInOperator(t);
    const uid = newUid();
    const attachmentUid = newUid();
    await unitOfWork(t.database.db).support.insertCase(
      { uid, source: CaseSource.Website, personUid: null, email: 'files@example.com', subject: 'A file', created: t.clock.now() },
      { uid: newUid(), type: 1, body: 'See the file.' },
      [{ uid: attachmentUid, fileUid: newUid(), name: 'invoice "copy".pdf', contentType: 'application/pdf', bytes: PDF, sha256: createHash('sha256').update(PDF).digest('hex') }],
    );
    const url = `/api/v1/console/cases/${uid}/attachments/${attachmentUid}/data`;
    const res = await t.request({ method: 'GET', url, headers: bearer(op.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice _copy_.pdf"/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await t.request({ method: 'GET', url: `/api/v1/console/cases/${newUid()}/attachments/${attachmentUid}/data`, headers: bearer(op.token) })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the auto-reply from the console', () => {
  it('an operator of role admin reads and sets it (the admin API sees the same value); an agent gets 403', async () => {
    const admin = await signedInOperator(t, { role: 'admin' });
    const agent = await signedInOperator(t, { role: 'agent' });
    const put = (token: string, payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/v1/console/auto-reply', headers: bearer(token), payload });
    expect((await t.request({ method: 'GET', url: '/api/v1/console/auto-reply', headers: bearer(admin.token) })).json()).toEqual({ Enabled: false, Text: '' });
    const set = await put(admin.token, { Enabled: true, Text: 'Back within the hour.' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/console/auto-reply' })).json()).toEqual({ Enabled: true, Text: 'Back within the hour.' });
    expect((await put(admin.token, { Enabled: true, Text: '  ' })).statusCode).toBe(400);
    const refused = await put(agent.token, { Enabled: false, Text: '' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorCode: 'Errors.Forbidden' });
    expect((await t.request({ method: 'GET', url: '/api/v1/console/auto-reply', headers: bearer(agent.token) })).statusCode).toBe(403);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/console/auto-reply' })).json()).toEqual({ Enabled: true, Text: 'Back within the hour.' });
  });
});

describe('one presence: the chat counts operators online in the console', () => {
  it('a console heartbeat makes the chat Online; Online false makes it offline again (no admin-API heartbeat meanwhile)', async () => {
    const op = await signedInOperator(t);
    expect(await t.app.chat.presence.refresh()).toBe(false);
    const beat = (online: boolean) => t.request({ method: 'PUT', url: '/api/v1/console/presence', headers: bearer(op.token), payload: { Online: online } });
    // current() answers the node's last look: it changes within the poll's second (the 2 s timer would be too late) only
    // because the heartbeat announced itself on the bus.
    expect((await beat(true)).statusCode).toBe(200);
    await expect.poll(() => t.app.chat.presence.current(), { timeout: 1_000 }).toBe(true);
    expect((await beat(false)).statusCode).toBe(200);
    await expect.poll(() => t.app.chat.presence.current(), { timeout: 1_000 }).toBe(false);
    // The deadline passing ends it too.
    expect((await beat(true)).statusCode).toBe(200);
    expect(await t.app.chat.presence.refresh()).toBe(true);
    t.clock.set(new Date(t.clock.now().getTime() + 46_000));
    expect(await t.app.chat.presence.refresh()).toBe(false);
  });
});
