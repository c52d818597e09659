import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { nulPaths } from './reject-nul.ts';

/** Issue 6 item 2: NUL anywhere in a request is a 400 naming the field, on PGlite and PostgreSQL (it was a 500). */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const families = async () => (await t.admin({ method: 'GET', url: '/api/v1/admin/planfamilies?limit=-1' })).json().metadata.total as number;

describe('NUL in a request', () => {
  it('in a path parameter: GET /public/billing/discountcoupons/a%00b', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/public/billing/discountcoupons/a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Status: 400, ErrorCode: 'Errors.ValidationFailed', Message: 'must not contain a NUL character',
      FieldErrors: [{ Field: 'params.code', ErrorCode: 'Errors.InvalidValue', Message: 'must not contain a NUL character' }],
    });
  });

  it('in a body: POST /admin/planfamilies {"Name":"a\\u0000b"} writes nothing', async () => {
    const before = await families();
    const res = await t.admin({ method: 'POST', url: '/api/v1/admin/planfamilies', headers: { 'content-type': 'application/json' }, payload: '{"Name":"a\\u0000b"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.ValidationFailed', FieldErrors: [{ Field: 'Name', ErrorCode: 'Errors.InvalidValue' }] });
    expect(await families()).toBe(before);
  });

  it('in an update, a query value, and a nested body field', async () => {
    const put = await t.admin({ method: 'PUT', url: '/api/v1/admin/discountcoupons/coupon-welcome', payload: { UniqueIdentifier: 'X\u0000Y' } });
    expect(put.json()).toMatchObject({ Status: 400, FieldErrors: [{ Field: 'UniqueIdentifier' }] });
    const query = await t.request({ method: 'GET', url: '/api/v1/billing/plans?PlanFamily.Uid=fam%00x' });
    expect(query.json()).toMatchObject({ Status: 400, FieldErrors: [{ Field: 'querystring.PlanFamily.Uid' }] });
    const nested = await t.request({
      method: 'POST', url: '/api/v1/billing/subscriptions/compute-charge-summary',
      payload: { Plan: { Uid: 'plan-pro' }, BillingRenewalTerm: 'Monthly', Quantity: 1, SubscriptionAddOns: [{ AddOn: { Uid: 'addon-\u0000' } }] },
    });
    expect(nested.json()).toMatchObject({ Status: 400, FieldErrors: [{ Field: 'SubscriptionAddOns.0.AddOn.Uid' }] });
  });

  it('the coupon was not renamed by the rejected update', async () => {
    const coupon = (await t.admin({ method: 'GET', url: '/api/v1/admin/discountcoupons/coupon-welcome' })).json();
    expect(coupon.UniqueIdentifier).not.toContain('\u0000');
  });
});

describe('nulPaths', () => {
  it('names NUL in keys and values, every occurrence', () => {
    expect(nulPaths({ a: ['x', 'y\u0000'], ['k\u0000']: 1, b: { c: '\u0000' } }, '').sort()).toEqual(['a.1', 'b.c', 'k\\u0000']);
  });
  it('walks 100 000 levels of nested arrays without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(nulPaths(deep, '')).toEqual([Array(100_000).fill(0).join('.')]);
  });
});
