import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createClock } from '../clock/server-clock.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { fieldsQuery } from './list.ts';
import { contractChecker, documentPath, jsonSchemaOf, type ContractViolation } from './openapi-contract.ts';
import { noDatabase } from '../openapi/write-openapi.ts';

/**
 * The answer check of the test suite (testing/contract-setup.ts) can fail: an app with routes whose
 * answers break their own documentation reports each break, naming the operation, the status and
 * the schema error. These routes report to their own list, not to the suite's.
 */
let app: FastifyInstance;
const found: ContractViolation[] = [];
beforeAll(async () => {
  app = await buildApp({ config: loadCompanyConfig(), database: noDatabase, bus: memoryBus(), clock: createClock({ adjustable: false }), contractViolations: (v) => found.push(v) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const thing = z.object({ Uid: z.string(), Count: z.number().int() });
  const tags = ['test'];
  // Sent as text, so the zod serializer never sees it: only the document check can.
  r.get('/api/v1/test/wrong-body', { schema: { tags, response: { 200: thing } } }, async (_req, reply) => reply.type('application/json').send('{"Uid":7}' as never));
  r.get('/api/v1/test/undocumented-status', { schema: { tags, response: { 200: thing } } }, async (_req, reply) => reply.status(202 as 200).send({ Uid: 'a', Count: 1 }));
  r.get('/api/v1/test/wrong-type', { schema: { tags, response: { 200: thing } } }, async (_req, reply) => reply.type('text/plain').send('hello' as never));
  r.get('/api/v1/test/bad-error', { schema: { tags, response: { 200: thing } } }, async (_req, reply) => reply.status(409 as 200).send({ message: 'not the error shape' } as never));
  r.get('/api/v1/test/fields', { schema: { tags, querystring: fieldsQuery, response: { 200: thing } } }, async () => ({ Uid: 'a', Count: 1 }));
  // A selection-shaped answer to a call that did not select: only anyOf[1] would accept it.
  r.get('/api/v1/test/fields-cut', { schema: { tags, querystring: fieldsQuery, response: { 200: thing } } }, async (_req, reply) => reply.type('application/json').send('{"Uid":"a"}' as never));
  r.post('/api/v1/test/json-only', { schema: { tags, body: thing, response: { 200: thing } } }, async (req) => req.body);
  r.get('/api/v1/test/fine/:uid', { schema: { tags, params: z.object({ uid: z.string() }), response: { 200: thing } } }, async (req) => ({ Uid: req.params.uid, Count: 2 }));
  app.addContentTypeParser('application/x-test', { parseAs: 'string' }, (_req, body, done) => done(null, JSON.parse(body as string)));
  r.get('/api/v1/test/hidden', { schema: { hide: true } }, async (_req, reply) => reply.status(299).send('anything'));
  await app.ready();
});
afterAll(async () => { await app.close(); });

async function violations(url: string, init: { method?: 'GET' | 'POST'; payload?: string; headers?: Record<string, string> } = {}) {
  found.length = 0;
  await app.inject({ method: init.method ?? 'GET', url, ...(init.payload !== undefined ? { payload: init.payload } : {}), headers: init.headers ?? {} });
  return found.map((v) => `${v.operation} → ${v.status}: ${v.problem}`);
}

describe('the OpenAPI answer check', () => {
  it('reports a body that does not match the documented schema, with the schema error', async () => {
    const [only, ...more] = await violations('/api/v1/test/wrong-body');
    expect(more).toEqual([]);
    expect(only).toMatch(/^GET \/api\/v1\/test\/wrong-body → 200: the body does not match the documented schema: /);
    expect(only).toContain('/Uid must be string');
    expect(only).toContain("must have required property 'Count'");
  });

  it('reports a status the operation does not document, and a Content-Type it does not list', async () => {
    expect(await violations('/api/v1/test/undocumented-status')).toEqual([
      'GET /api/v1/test/undocumented-status → 202: status 202 is not documented (documented: 200, 4XX, 5XX)',
    ]);
    expect(await violations('/api/v1/test/wrong-type')).toEqual([
      'GET /api/v1/test/wrong-type → 200: Content-Type text/plain is not documented for 200 (documented: application/json)',
    ]);
  });

  it('holds error answers to the documented error shape, also where no route matched', async () => {
    const [bad] = await violations('/api/v1/test/bad-error');
    expect(bad).toMatch(/^GET \/api\/v1\/test\/bad-error → 409: the body does not match the documented schema: .*must have required property 'Status'/);
    expect(await violations('/api/v1/test/no-such-route')).toEqual([]);
    expect(await violations('/api/v1/test/fine/x', { method: 'POST', payload: '{}', headers: { 'content-type': 'application/json' } })).toEqual([]);
  });

  it('reports a request body of a type the document does not list when the route accepted it', async () => {
    expect(await violations('/api/v1/test/json-only', { method: 'POST', payload: '{"Uid":"a","Count":1}', headers: { 'content-type': 'application/x-test' } })).toEqual([
      'POST /api/v1/test/json-only → 200: accepted a request body of type application/x-test, which the document does not list (documented: application/json)',
    ]);
  });

  it('allows a selection only to a call that sent fields', async () => {
    expect(await violations('/api/v1/test/fields-cut?fields=Uid')).toEqual([]);
    const [cut] = await violations('/api/v1/test/fields-cut');
    expect(cut).toMatch(/^GET \/api\/v1\/test\/fields-cut → 200: the body does not match the documented schema: \(body\) must have required property 'Count'/);
  });

  it('accepts what the document allows: a selection by fields, a right answer, hidden routes', async () => {
    expect(await violations('/api/v1/test/fields?fields=Uid')).toEqual([]);
    expect(await violations('/api/v1/test/fine/abc')).toEqual([]);
    expect(await violations('/api/v1/test/hidden')).toEqual([]);
    expect(await violations('/api/v1/test/json-only', { method: 'POST', payload: '{"Uid":"a","Count":1}', headers: { 'content-type': 'application/json' } })).toEqual([]);
  });
});

describe('contractChecker', () => {
  const doc = {
    components: { schemas: { ErrorBody: { type: 'object', required: ['Status'], properties: { Status: { type: 'integer' } } } } },
    paths: {
      '/x/{id}': {
        get: {
          responses: {
            200: { content: { 'application/json': { schema: { type: 'object', required: ['A'], properties: { A: { type: 'number', minimum: 0, exclusiveMinimum: true, nullable: true } } } } } },
            204: { description: 'No content' },
          },
        },
      },
    },
  };
  const check = contractChecker(doc);
  const answer = (status: number, body: string | null, contentType?: string) =>
    check({ method: 'GET', path: '/x/1', routeUrl: '/x/:id', hidden: false, status, contentType, body, requestContentType: undefined, selectsFields: false })?.problems;

  it('reads OpenAPI 3.0: nullable, boolean exclusiveMinimum', () => {
    expect(answer(200, '{"A":null}', 'application/json')).toEqual([]);
    expect(answer(200, '{"A":1}', 'application/json; charset=utf-8')).toEqual([]);
    expect(answer(200, '{"A":0}', 'application/json')![0]).toContain('/A must be > 0');
    expect(jsonSchemaOf({ type: 'string', nullable: true, enum: ['a'] })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(jsonSchemaOf({ nullable: true, anyOf: [{ $ref: '#/x' }] })).toEqual({ anyOf: [{ anyOf: [{ $ref: '#/x' }] }, { type: 'null' }] });
  });

  it('wants no body where the document says none, and a body where it lists one', () => {
    expect(answer(204, null)).toEqual([]);
    expect(answer(200, null)).toEqual(['answered without a Content-Type; documented for 200: application/json']);
    expect(answer(200, '', 'application/json')).toEqual(['answered no body where 200 documents application/json']);
  });

  it('holds an answer without a route (404, 405) to the error shape', () => {
    const noRoute = (body: string) => check({ method: 'GET', path: '/nowhere', routeUrl: undefined, hidden: false, status: 404, contentType: 'application/json', body, requestContentType: undefined, selectsFields: false });
    expect(noRoute('{"Status":404}')).toEqual({ operation: 'GET /nowhere (no route)', problems: [] });
    expect(noRoute('{"message":"Not Found"}')!.problems[0]).toContain("must have required property 'Status'");
  });

  it('maps route URLs to document paths', () => {
    expect(documentPath('/api/v1/files/:uid')).toBe('/api/v1/files/{uid}');
    expect(documentPath('/api/v1/billing/subscriptions/:id/discounts/:discountId')).toBe('/api/v1/billing/subscriptions/{id}/discounts/{discountId}');
  });
});
