import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { couponRedeemError } from '@portico/core/billing/index';
import { couponOut, uidSchema } from '../catalog/catalog.schemas.ts';
import { couponToWire } from '../catalog/catalog.mappers.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { BILLING_RATE_LIMITS } from './billing.rate-limits.ts';

interface Deps { catalog: CatalogRepository; currency: string; clock: ServerClock }

/**
 * Public discount-code routes (spec 1 section 7). Errors follow spec 8's
 * mapping: unknown code 404 Errors.DiscountCodeNotFound; expired (RedeemBy
 * before the server clock), inactive, or not for the plan: 400 with the code
 * in the first field error (Errors.DiscountCodeExpired / Errors.DiscountCodeNotApplicable).
 */
export async function couponRoutes(app: FastifyInstance, { catalog, currency, clock }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.get('/api/v1/public/billing/discountcoupons/exists', {
    schema: { tags, summary: 'Whether any active discount coupon exists (shows the discount entry)', response: { 200: z.object({ Result: z.boolean() }) } },
  }, async () => ({ Result: await catalog.anyActiveCoupon() }));

  r.get('/api/v1/public/billing/discountcoupons/:code', {
    // Codes can be guessed one request at a time.
    config: routeRateLimit(BILLING_RATE_LIMITS.discountCodeLookup),
    schema: {
      tags, summary: 'Look up a discount code, optionally for a plan',
      params: z.object({ code: z.string().trim().min(1).max(40) }),
      querystring: z.object({ planUid: uidSchema.optional() }),
      response: { 200: couponOut },
    },
  }, async (req) => {
    const coupon = await catalog.findCouponByCode(req.params.code);
    if (!coupon) throw new AppError(ErrorCode.DiscountCodeNotFound);
    const why = couponRedeemError(coupon, req.query.planUid ?? coupon.PlanUids[0] ?? '', clock.now());
    if (why) throw validationError([fieldError('DiscountCode', why)], why);
    return couponToWire(coupon, currency);
  });
}
