import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { deepPartial, FIELDS_SELECTION, operationIdFor, withNullableTypes } from './api-docs.ts';

interface Operation { operationId?: string; security?: Record<string, string[]>[]; responses: Record<string, unknown> }
interface Doc { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> }

let t: TestApp;
let doc: Doc;
let operations: { method: string; path: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
});
afterAll(async () => { await t.close(); });

/** Every schema object in the document whose `nullable` has no sibling `type` (OpenAPI 3.0 ignores such a `nullable`). */
function untypedNullables(value: unknown, at = '#'): string[] {
  if (value === null || typeof value !== 'object') return [];
  const here = !Array.isArray(value) && (value as Record<string, unknown>).nullable === true && !('type' in value) ? [at] : [];
  return [...here, ...Object.entries(value).flatMap(([k, v]) => untypedNullables(v, `${at}/${k}`))];
}

describe('OpenAPI document (issue 6, item 10)', () => {
  it('names every operation with a unique id and names the server', () => {
    expect(operations.length).toBeGreaterThan(30);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/admin/plans/{uid}']!.put!.operationId).toBe('putAdminPlansByUid');
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('leaves no nullable without a type, and documents the error shape on every operation', () => {
    expect(untypedNullables(doc)).toEqual([]);
    const startDate = (doc.paths['/api/v1/billing/subscriptions/compute-charge-summary']!.post as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, { anyOf: { nullable?: boolean }[] }> } }> } })
      .requestBody.content['application/json']!.schema.properties.StartDate!;
    expect(startDate.anyOf.every((m) => m.nullable === true)).toBe(true);
    for (const { op } of operations) expect(op.responses['4XX'] ?? Object.keys(op.responses).find((c) => c.startsWith('4'))).toBeTruthy();
    expect(doc.components.schemas!.ErrorBody).toMatchObject({ required: ['Status', 'ErrorCode', 'Message', 'FieldErrors'] });
  });

  // Found by a validating proxy (issue 12): answers that broke the document. testing/contract-setup.ts now checks every answer of the suite.
  it('documents bodiless answers without content, fields selections, multipart bodies and the image answer', () => {
    const answers = operations.flatMap(({ method, path, op }) => Object.entries(op.responses).map(([code, r]) => ({ where: `${method} ${path} ${code}`, code, r: r as { description?: string; content?: Record<string, { schema: Record<string, unknown> }> } })));
    for (const { where, r } of answers.filter((a) => a.code === '204' || a.code === '304')) {
      expect(r.content, where).toBeUndefined();
      expect(r.description, where).toMatch(/\w/);
      expect(r.description, where).not.toBe('Default Response');
    }
    // Every 2xx JSON answer of an operation taking `fields` is the whole answer or a selection with nothing required.
    const withFields = operations.filter(({ op }) => ((op as { parameters?: { in: string; name: string }[] }).parameters ?? []).some((p) => p.in === 'query' && p.name === 'fields'));
    expect(withFields.length).toBeGreaterThanOrEqual(33);
    for (const { method, path, op } of withFields) {
      for (const [code, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema: { anyOf?: unknown[] } & Record<string, unknown> }> }>)) {
        if (!code.startsWith('2') || !r.content) continue;
        const schema = r.content['application/json']!.schema;
        expect(schema[FIELDS_SELECTION], `${method} ${path} ${code}`).toBeTruthy();
        expect(JSON.stringify(schema.anyOf![1])).not.toContain('"required"');
      }
    }
    const body = (path: string, method: string) => (doc.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, { format?: string }>; required?: string[] } }> } }).requestBody.content;
    for (const path of ['/api/v1/crm/registrations', '/api/v1/crm/registrations/validate']) {
      expect(Object.keys(body(path, 'post')).sort()).toEqual(['application/json', 'multipart/form-data']);
      const form = body(path, 'post')['multipart/form-data']!.schema;
      expect(form.required).toEqual(['account']);
      expect(form.properties.profileImage!.format).toBe('binary');
      expect(form.properties.account).toEqual(body(path, 'post')['application/json']!.schema);
    }
    expect(body('/api/v1/profile/photo', 'put')['multipart/form-data']!.schema).toMatchObject({ required: ['profileImage'], properties: { profileImage: { type: 'string', format: 'binary' } } });
    expect(Object.keys((doc.paths['/api/v1/files/{uid}']!.get!.responses['200'] as { content: object }).content).sort()).toEqual(['image/jpeg', 'image/png']);
  });

  it('deepPartial drops every required, inlining component references', () => {
    const components = { Item: { type: 'object', required: ['A'], properties: { A: { type: 'string' } } } };
    expect(deepPartial({ type: 'object', required: ['Items'], properties: { Items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } }, components))
      .toEqual({ type: 'object', properties: { Items: { type: 'array', items: { type: 'object', properties: { A: { type: 'string' } } } } } });
  });

  // The document's `security` comes from the scope guard (route-auth.ts); this holds it to what the
  // server enforces, for every route present and future: documented public routes answer without a
  // credential, documented guarded ones refuse a call without one and accept the admin key.
  it('says security: [] exactly on the operations that answer without a credential', async () => {
    expect(operations.every(({ op }) => Array.isArray(op.security))).toBe(true);
    const guarded = operations.filter(({ op }) => op.security!.length > 0);
    expect(guarded.some(({ path }) => path.startsWith('/api/v1/admin/'))).toBe(true);
    expect(operations.filter(({ path }) => path.startsWith('/api/v1/admin/')).every(({ op }) => op.security!.length > 0)).toBe(true);
    let n = 0;
    for (const { method, path, op } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const call = (headers: Record<string, string>) => t.request({
        method: method.toUpperCase() as 'GET', url, headers, remoteAddress: `198.51.100.${(n += 1) % 250}`,
        ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
      });
      const anonymous = await call({});
      const where = `${method.toUpperCase()} ${path}`;
      if (op.security!.length === 0) {
        expect(anonymous.statusCode, where).not.toBe(401);
      } else {
        expect(anonymous.statusCode, where).toBe(401);
        expect(anonymous.json().ErrorCode, where).toBe('Errors.Unauthorized');
        if (op.security!.some((s) => 'adminKey' in s)) expect((await call({ authorization: `Bearer ${TEST_ADMIN_KEY}` })).statusCode, where).not.toBe(401);
      }
    }
  });
});

describe('operationIdFor', () => {
  it('is camelCase from the method and the path without /api/v1, params as By<Name>', () => {
    expect(operationIdFor('get', '/api/v1/widgets/auth/init')).toBe('getWidgetsAuthInit');
    expect(operationIdFor('post', '/api/v1/billing/subscriptions/{id}/discounts/{discountId}')).toBe('postBillingSubscriptionsByIdDiscountsByDiscountId');
    expect(operationIdFor('get', '/config/portico-settings.json')).toBe('getConfigPorticoSettingsJson');
  });
});

describe('withNullableTypes', () => {
  it('moves nullable into typed union members and leaves other schemas as they were', () => {
    const union = { nullable: true, anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] };
    expect(withNullableTypes({ properties: { StartDate: union } })).toEqual({
      properties: { StartDate: { anyOf: [{ type: 'string', format: 'date', nullable: true }, { type: 'string', format: 'date-time', nullable: true }] } },
    });
    expect(withNullableTypes({ type: 'string', nullable: true })).toEqual({ type: 'string', nullable: true });
    const withRef = { nullable: true, anyOf: [{ $ref: '#/components/schemas/X' }] };
    expect(withNullableTypes(withRef)).toEqual(withRef);
  });
});
