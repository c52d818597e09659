import { useState } from 'react';
import { couponFromWire } from '@portico/core/billing/index';
import type { DiscountCoupon } from '@portico/core';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import type { ApiClient } from '../../api/http.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { discountLookupErrors } from './discount-code-logic.ts';

const couponKey = (code: string, planUid: string) => `discount-coupon:${code.toUpperCase()}:${planUid}`;

/**
 * Coupon lookup for the discount-code entry: GET /public/billing/discountcoupons/{code}?planUid=.
 * The answer is a cached read, so the applied code's terms (how long it lasts) are at hand
 * on every screen of the flow, also after the page reload of a payment redirect.
 */
export function useDiscountCode(currency: string, planUid: string | null, appliedCode: string | null) {
  const cache = useQueryCache();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DisplayError[]>([]);
  const fetcher = (code: string, plan: string) => async (api: ApiClient) =>
    couponFromWire(await api.request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code }, query: { planUid: plan } }), currency);
  const applied = useApiQuery<DiscountCoupon>(appliedCode && planUid ? couponKey(appliedCode, planUid) : null, (api) => fetcher(appliedCode!, planUid!)(api));

  async function lookup(code: string): Promise<DiscountCoupon | null> {
    if (!planUid) return null;
    setBusy(true);
    setErrors([]);
    const key = couponKey(code, planUid);
    try {
      await cache.load(key, () => fetcher(code, planUid)(api), { force: true });
    } finally {
      setBusy(false);
    }
    const entry = cache.peek<DiscountCoupon>(key);
    if (entry?.status === 'success' && entry.data) return entry.data;
    if (entry?.problem) setErrors(discountLookupErrors(entry.problem));
    return null;
  }

  return { busy, errors, lookup, coupon: applied.data ?? null, clearErrors: () => setErrors([]) };
}
