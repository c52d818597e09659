import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('GET /attributes/{entityType}/definitions', () => {
  it('lists the entity type\'s field definitions, cacheable with an ETag (304 on If-None-Match)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/attributes/Person/definitions' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.every((d: { EntityType: string }) => d.EntityType === 'Person')).toBe(true);
    expect(body.items.map((d: { SystemName: string }) => d.SystemName)).toEqual(expect.arrayContaining(['Email', 'FirstName', 'Birthday', 'Role']));
    expect(body.metadata.total).toBe(body.items.length);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const again = await t.request({ method: 'GET', url: '/api/v1/attributes/Person/definitions', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const account = (await t.request({ method: 'GET', url: '/api/v1/attributes/Account/definitions' })).json();
    expect(account.items.find((d: { SystemName: string }) => d.SystemName === 'MailingAddress')).toMatchObject({ ControlType: 'Address', SameAsObject: 'BillingAddress' });
  });

  it('one definition by uid; an unknown entity type or uid, or a uid of the other entity, is 404', async () => {
    const one = await t.request({ method: 'GET', url: '/api/v1/attributes/Person/definitions/f-role' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ Uid: 'f-role', ControlType: 'RadioList', ControlParams: expect.stringContaining('analyst') });
    for (const url of ['/api/v1/attributes/Invoice/definitions', '/api/v1/attributes/Person/definitions/nope', '/api/v1/attributes/Account/definitions/f-role',
      '/api/v1/attributes/__proto__/definitions', `/api/v1/attributes/${'x'.repeat(41)}/definitions`]) {
      const res = await t.request({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().ErrorCode).toMatch(/^Errors\./);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/attributes/Invoice/definitions' })).statusCode).toBe(404);
  });
});
