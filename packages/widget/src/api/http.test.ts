import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from './api-problem.ts';
import { createApiClient } from './http.ts';
import { fetchTransport } from './transport.ts';

// A real HTTP server on 127.0.0.1: each test sets how it answers and reads what arrived.
let server: Server;
let origin = '';
let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void = (_req, _body, res) => res.end();
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => (_req: IncomingMessage, _body: string, res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const client = (opts: { token?: string | null; timeoutMs?: number } = {}) =>
  createApiClient({ transport: fetchTransport(origin), token: () => opts.token ?? null, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
const coupon = { Uid: 'c1', UniqueIdentifier: 'A B', Name: 'x', PercentOff: 10, AmountOff: null, Duration: 'Once', DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true };
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);

describe('the HTTP module against a real server', () => {
  it('fills path and query parameters, sends the bearer token, and returns the typed answer', async () => {
    answer = json(200, coupon);
    const got = await client({ token: 'tok-1' }).request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code: 'A B' }, query: { planUid: 'plan_pro' } });
    expectTypeOf(got.PercentOff).toEqualTypeOf<number | null>();
    expect(got).toEqual(coupon);
    const req = received.at(-1)!;
    expect(req.url).toBe('/api/v1/public/billing/discountcoupons/A%20B?planUid=plan_pro');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers.cookie).toBeUndefined();
  });

  it('posts the JSON body with its content type; no token, no Authorization header', async () => {
    answer = json(200, { Total: 1, InvoiceDate: '2024-01-01', InvoiceDisplayItems: [], TaxBehavior: 'exclusive' });
    const body = { Plan: { Uid: 'plan_pro' }, BillingRenewalTerm: 'Monthly' as const };
    await client().request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { query: { asOf: 'renewal' }, body });
    const req = received.at(-1)!;
    expect([req.method, req.url, req.headers['content-type'], req.headers.authorization]).toEqual(['POST', '/api/v1/billing/subscriptions/compute-charge-summary?asOf=renewal', 'application/json', undefined]);
    expect(JSON.parse(req.body)).toEqual(body);
  });

  it('multipart: the body as JSON in its named part beside the files, with the browser\'s boundary', async () => {
    answer = json(200, { Total: 1, InvoiceDate: '2024-01-01', InvoiceDisplayItems: [], TaxBehavior: 'exclusive' });
    const body = { Plan: { Uid: 'plan_pro' }, BillingRenewalTerm: 'Monthly' as const };
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await client().request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { query: { asOf: 'now' }, body, multipart: { jsonPart: 'account', files: { profileImage: image } } });
    const req = received.at(-1)!;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(req.body, { headers: { 'Content-Type': req.headers['content-type']! } }).formData();
    expect(JSON.parse(String(form.get('account')))).toEqual(body);
    expect((form.get('profileImage') as File).type).toBe('image/png');
  });

  it('a 4xx carries the catalogue code, the message and the field errors', async () => {
    answer = json(400, { Status: 400, ErrorCode: 'Errors.DiscountCodeExpired', Message: 'This discount code has expired.', FieldErrors: [{ Field: 'DiscountCode', ErrorCode: 'Errors.DiscountCodeExpired', Message: 'This discount code has expired.' }] });
    const err = await failure(client().request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code: 'OLD' } }));
    expect(err).toBeInstanceOf(ApiProblem);
    expect(err).toMatchObject({ kind: 'client', status: 400, code: ErrorCode.DiscountCodeExpired, message: 'This discount code has expired.', retryable: false });
    expect((err as ApiProblem).fieldErrors).toEqual([{ Field: 'DiscountCode', ErrorCode: ErrorCode.DiscountCodeExpired, Message: 'This discount code has expired.' }]);
  });

  it('a code this widget does not know becomes UnknownError with the server message', async () => {
    answer = json(409, { Status: 409, ErrorCode: 'Errors.SomethingNew', Message: 'Something new happened.', FieldErrors: [] });
    const err = await failure(client().request('get', '/api/v1/public/billing/discountcoupons/exists'));
    expect(err).toMatchObject({ kind: 'client', status: 409, code: ErrorCode.UnknownError, message: 'Something new happened.' });
  });

  it('a 429 is a rate limit with Retry-After, not a system error', async () => {
    answer = json(429, { Status: 429, ErrorCode: 'Errors.TooManyRequests', Message: 'Rate limit exceeded', FieldErrors: [] }, { 'Retry-After': '7' });
    const err = await failure(client().request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code: 'X' } }));
    expect(err).toMatchObject({ kind: 'rate-limited', status: 429, code: ErrorCode.TooManyRequests, retryAfterSeconds: 7, retryable: true });
  });

  it('a 5xx is Errors.SystemError, also when a proxy answers with an HTML page', async () => {
    answer = json(500, { Status: 500, ErrorCode: 'Errors.SystemError', Message: 'boom', FieldErrors: [] });
    expect(await failure(client().request('get', '/api/v1/widgets/auth/init'))).toMatchObject({ kind: 'server', status: 500, code: ErrorCode.SystemError });
    answer = (_req, _body, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    expect(await failure(client().request('get', '/api/v1/widgets/auth/init'))).toMatchObject({ kind: 'server', status: 502, code: ErrorCode.SystemError });
  });

  it('no server listening is a network problem ("cannot reach the server"), not an empty answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = createApiClient({ transport: fetchTransport(`http://127.0.0.1:${port}`) });
    const err = await failure(api.request('get', '/api/v1/widgets/auth/init'));
    expect(err).toMatchObject({ kind: 'network', status: 0, code: ErrorCode.ServerUnreachable, retryable: true });
    expect((err as Error).message).toBe('Cannot reach the server. Check your connection and try again.');
  });

  it('gives up after the time limit with a retryable timeout problem', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 300 }).request('get', '/api/v1/widgets/auth/init'));
    expect(err).toMatchObject({ kind: 'timeout', status: 0, code: ErrorCode.Timeout, retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("the caller's own abort rejects with the AbortError, not a problem to show", async () => {
    answer = () => undefined;
    const controller = new AbortController();
    const call = failure(client().request('get', '/api/v1/widgets/auth/init', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const err = await call;
    expect(err).not.toBeInstanceOf(ApiProblem);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('call types come from the generated OpenAPI paths', () => {
  it('rejects unknown paths, wrong methods and missing parameters at compile time', () => {
    const api = createApiClient({ transport: async () => ({ status: 200, body: {}, header: () => null }) });
    const never = () => {
      // @ts-expect-error not a route of the server
      void api.request('get', '/api/v1/no/such/route');
      // @ts-expect-error compute-charge-summary is a POST
      void api.request('get', '/api/v1/billing/subscriptions/compute-charge-summary');
      // @ts-expect-error the {code} path parameter is required
      void api.request('get', '/api/v1/public/billing/discountcoupons/{code}', {});
      // @ts-expect-error the body needs a BillingRenewalTerm the server accepts
      void api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { body: { Plan: { Uid: 'p' }, BillingRenewalTerm: 'Weekly' } });
    };
    expect(typeof never).toBe('function');
  });
});
