import type { InitSettings, WireDiscountCoupon, WirePlan } from '@portico/core';
import { DEMO_COMPANY } from './generated/demo-company.ts';

/**
 * Bundled settings for demo mode (no server call at all, not even init), in the shapes of
 * GET /api/v1/widgets/auth/init. The company's part is the demo company the server ships
 * (config/demo-company.yaml: Northwind Analytics' plans, prices, add-ons, coupons, fields, tax id
 * types, post-login URL), generated into generated/demo-company.ts and checked by a server test,
 * so demo mode and a server show the same company (issue 15). What is demo mode's own: no captcha
 * and no Google button (no server to check them), the built-in sandbox's card form, and no tax (the
 * demo's charge summary computes none, so it does not say tax is added).
 */
export const DEMO_SETTINGS: InitSettings = {
  ...DEMO_COMPANY.settings,
  GoogleOAuthClientId: null,
  CaptchaEnabled: false,
  CaptchaProvider: 'none',
  PaymentSettings: {
    ...DEMO_COMPANY.payment, GatewayActivationStatus: 'SandboxEnabled', PaymentsMode: 'automatic', CaptchaSiteKey: null,
    PublishableKey: null, TaxEnabled: false, Uid: 'pay_demo',
  },
  StaticConfig: { Path: '/api/v1/widgets/auth/init.json', CacheDurationSeconds: 0 },
  SignIn: { TokenInQuery: false, RememberLastEmail: true },
};

export const DEMO_PLANS: WirePlan[] = DEMO_SETTINGS.PlanFamilies.flatMap((f) => f.Plans);

/** Discount codes the demo's coupon lookup knows: the demo company's (a server looks them up instead). */
export const DEMO_COUPONS: WireDiscountCoupon[] = DEMO_COMPANY.coupons;
