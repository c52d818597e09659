import { useState } from 'react';
import { couponFromWire } from '@portico/core/billing/index';
import type { DiscountCoupon } from '@portico/core';
import { useApi } from '../../api/use-api-query.ts';
import { asProblem } from '../../api/api-problem.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { discountLookupErrors } from './discount-code-logic.ts';

/** Coupon lookup for the discount-code entry: GET /public/billing/discountcoupons/{code}?planUid=. */
export function useDiscountCode(currency: string) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DisplayError[]>([]);

  async function lookup(code: string, planUid: string): Promise<DiscountCoupon | null> {
    setBusy(true);
    setErrors([]);
    try {
      const wire = await api.request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code }, query: { planUid } });
      return couponFromWire(wire, currency);
    } catch (err) {
      setErrors(discountLookupErrors(asProblem(err)));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, lookup, clearErrors: () => setErrors([]) };
}
