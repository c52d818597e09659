import { useState } from 'react';
import { couponFromWire } from '@portico/core/billing/index';
import type { DiscountCoupon } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { getDemoModule } from '../../app/settings-loader.ts';
import { ApiError, getDiscountCoupon } from '../../api/billing-client.ts';
import type { DisplayError } from '../error-list-logic.ts';
import { demoCouponLookup, discountLookupErrors } from './discount-code-logic.ts';

/**
 * Coupon lookup for the discount-code entry: GET /public/billing/discountcoupons/{code}?planUid=,
 * or in demo mode the demo coupons checked with core's couponRedeemError (no call at all).
 */
export function useDiscountCode(currency: string) {
  const { demo, runtime } = useWidget();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DisplayError[]>([]);

  async function lookup(code: string, planUid: string): Promise<DiscountCoupon | null> {
    setBusy(true);
    setErrors([]);
    try {
      if (demo) {
        const coupons = (getDemoModule()?.DEMO_COUPONS ?? []).map((c) => couponFromWire(c, currency));
        const result = demoCouponLookup(coupons, code, planUid, new Date());
        if ('errors' in result) {
          setErrors(result.errors);
          return null;
        }
        return result.coupon;
      }
      const wire = await getDiscountCoupon({ server: runtime.config.server, token: runtime.token.get() }, code, planUid);
      return couponFromWire(wire, currency);
    } catch (err) {
      setErrors(err instanceof ApiError ? discountLookupErrors(err.status, err.body) : discountLookupErrors(0, null));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, lookup, clearErrors: () => setErrors([]) };
}
