import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { fieldsQuery } from './list.ts';

/**
 * Issue 6 item 2: `fields` answers 200 in development and test mode (where every answer
 * is checked against its response schema) exactly as in production (where it is not):
 * was a 500 on every admin list, so the tests did not run what production runs.
 */
let t: TestApp;
let production: FastifyInstance;
const addBrokenRoute = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>().get('/test/broken', {
  schema: { querystring: fieldsQuery, response: { 200: z.object({ Uid: z.string(), Count: z.number() }) } },
}, async () => ({ Uid: 'u1', Count: 'not a number' }) as never);

beforeAll(async () => {
  t = await createTestApp();
  // The same database behind an app in production mode (no response check).
  production = await buildApp({ config: t.config, database: t.database, bus: memoryBus(), clock: t.clock, adminKey: TEST_ADMIN_KEY, validateResponses: false });
  addBrokenRoute(production);
  await production.ready();
});
afterAll(async () => {
  await production.close();
  await t.close();
});

const both = async (url: string) => {
  const headers = { authorization: `Bearer ${TEST_ADMIN_KEY}` };
  return [await t.app.inject({ method: 'GET', url, headers }), await production.inject({ method: 'GET', url, headers })] as const;
};

describe('fields on every list, in both modes', () => {
  const lists = ['/api/v1/admin/plans', '/api/v1/admin/planfamilies', '/api/v1/admin/addons', '/api/v1/admin/discountcoupons', '/api/v1/billing/plans', '/api/v1/billing/planfamilies'];

  it.each(lists)('GET %s?fields=Uid answers 200 with Uid only and the metadata, the same in test and production mode', async (url) => {
    const [test, prod] = await both(`${url}?fields=Uid`);
    expect(test.statusCode, test.body).toBe(200);
    const body = test.json();
    expect(body.metadata.total).toBeGreaterThan(0);
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(Object.keys(item)).toEqual(['Uid']);
    expect(test.headers['content-type']).toMatch(/^application\/json/);
    expect(prod.statusCode).toBe(200);
    expect(prod.body).toBe(test.body);
  });

  it.each(lists)('GET %s answers the same bytes in test and production mode', async (url) => {
    const [test, prod] = await both(url);
    expect(test.statusCode).toBe(200);
    expect(prod.body).toBe(test.body);
  });

  it('one entity: GET /admin/plans/plan-pro?fields=Uid,Name', async () => {
    const [test, prod] = await both('/api/v1/admin/plans/plan-pro?fields=Uid,Name');
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ Uid: 'plan-pro', Name: expect.any(String) });
    expect(prod.body).toBe(test.body);
  });

  it('a field named like an Object.prototype member selects nothing', async () => {
    const [test] = await both('/api/v1/admin/plans?fields=constructor,__proto__.polluted,toString');
    expect(test.statusCode).toBe(200);
    for (const item of test.json().items) expect(item).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the response check still runs with fields', () => {
  it('a route answering outside its schema fails in test mode whether or not fields is given', async () => {
    const testMode = await buildApp({ config: t.config, database: t.database, bus: memoryBus(), clock: t.clock });
    addBrokenRoute(testMode);
    try {
      expect((await testMode.inject({ url: '/test/broken' })).statusCode).toBe(500);
      expect((await testMode.inject({ url: '/test/broken?fields=Uid' })).statusCode).toBe(500);
    } finally {
      await testMode.close();
    }
    // Production does not check (that cost is what it saves); it sends the selection.
    expect((await production.inject({ url: '/test/broken?fields=Uid' })).json()).toEqual({ Uid: 'u1' });
  });
});
