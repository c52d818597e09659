import { describe, expect, it, vi } from 'vitest';
import { ApiError, computeChargeSummary, getDiscountCoupon } from './billing-client.ts';
import type { ComputeChargeSummaryBody } from './billing-client.ts';

const body: ComputeChargeSummaryBody = {
  Plan: { Uid: 'plan_pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', SubscriptionAddOns: [], DiscountCouponSubscriptions: [],
};

function fakeFetch(status: number, json: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('billing client', () => {
  it('posts the subscription to compute-charge-summary with asOf and the token', async () => {
    const f = fakeFetch(200, { Total: 1 });
    await computeChargeSummary({ server: 'https://s.example', token: 'tok', fetch: f }, body, 'renewal');
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://s.example/api/v1/billing/subscriptions/compute-charge-summary?asOf=renewal');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(body);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('looks a coupon up by code with the plan uid, encoded', async () => {
    const f = fakeFetch(200, { UniqueIdentifier: 'A B' });
    await getDiscountCoupon({ server: 'https://s.example', fetch: f }, 'A B', 'plan_pro');
    expect((f.mock.calls[0] as unknown as [string])[0]).toBe('https://s.example/api/v1/public/billing/discountcoupons/A%20B?planUid=plan_pro');
  });

  it('throws ApiError with the status and the error body', async () => {
    const f = fakeFetch(404, { Status: 404, ErrorCode: 'Errors.DiscountCodeNotFound', Message: 'x', FieldErrors: [] });
    const err = await getDiscountCoupon({ server: '', fetch: f }, 'NOPE', 'p').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, body: { ErrorCode: 'Errors.DiscountCodeNotFound' } });
  });

  it('turns a network failure into status 0', async () => {
    const f = vi.fn(async () => { throw new TypeError('Failed to fetch'); });
    await expect(computeChargeSummary({ server: '', fetch: f }, body, 'now')).rejects.toMatchObject({ status: 0 });
  });
});
