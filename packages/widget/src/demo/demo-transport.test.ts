import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { chargeSummary, planFamilyFromWire, summaryToWire } from '@portico/core/billing/index';
import { createApiClient } from '../api/http.ts';
import { ApiProblem } from '../api/api-problem.ts';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { demoTransport } from './demo-transport.ts';

const now = new Date('2024-04-01T12:00:00Z');
const api = createApiClient({ transport: demoTransport(() => now) });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);
const team = planFamilyFromWire(DEMO_SETTINGS.PlanFamilies[0]!, 'USD').plans.find((p) => p.Uid === 'plan_team')!;

describe('the demo transport answers the typed calls like a server would', () => {
  it('init: the bundled demo settings', async () => {
    expect(await api.request('get', '/api/v1/widgets/auth/init')).toEqual(DEMO_SETTINGS);
  });

  it('community-server status: no access and no prompt, so a demo login never stops at discordInterstitial', async () => {
    expect(await api.request('get', '/api/v1/profile/discord')).toEqual({ User: null, HasAccessToDiscord: false, ShouldPromptToConnect: false, InviteUrl: null });
  });

  it('compute-charge-summary: core\'s charge summary of the body, in wire units, with the coupon looked up by code', async () => {
    const body = {
      Plan: { Uid: 'plan_team' }, Quantity: 4, BillingRenewalTerm: 'Yearly' as const,
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon_storage' }, Quantity: 2 }], DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'team50' } }],
    };
    const got = await api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { query: { asOf: 'now' }, body });
    const storage = team.PlanAddOns.find((pa) => pa.AddOn.Uid === 'addon_storage')!.AddOn;
    const coupon = { Uid: 'cpn_team', UniqueIdentifier: 'TEAM50', Name: '$50 off Team', PercentOff: null, AmountOff: 5000, Duration: 'Once' as const, DurationInMonths: null, RedeemBy: null, PlanUids: ['plan_team'], IsActive: true };
    const expected = chargeSummary({ now, currency: 'USD', plan: team, term: 'Yearly', quantity: 4, addOns: [{ addOn: storage, quantity: 2 }], coupon: { coupon }, asOf: 'now' });
    expect(got).toEqual(summaryToWire(expected, 'USD'));
    expect(got.InvoiceDisplayItems.some((l) => l.Total < 0)).toBe(true);
  });

  it('compute-charge-summary refuses what a server refuses: quantity above the maximum, unknown plan', async () => {
    const tooMany = await failure(api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { body: { Plan: { Uid: 'plan_team' }, Quantity: 51, BillingRenewalTerm: 'Monthly' } }));
    expect(tooMany).toMatchObject({ kind: 'client', status: 400, code: ErrorCode.QuantityAboveMaximum });
    expect((tooMany as ApiProblem).fieldErrors[0]).toMatchObject({ Field: 'Quantity', ErrorCode: ErrorCode.QuantityAboveMaximum });
    const unknown = await failure(api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { body: { Plan: { Uid: 'plan_nope' }, BillingRenewalTerm: 'Monthly' } }));
    expect(unknown).toMatchObject({ status: 404, code: ErrorCode.PlanNotFound });
  });

  it('discount codes: unknown 404, expired or for another plan 400 with the code in the field error, valid case-insensitive', async () => {
    const lookup = (code: string, planUid: string) => api.request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code }, query: { planUid } });
    expect(await failure(lookup('nope', 'plan_pro'))).toMatchObject({ status: 404, code: ErrorCode.DiscountCodeNotFound });
    const expired = (await failure(lookup('SUMMER2020', 'plan_pro'))) as ApiProblem;
    expect(expired).toMatchObject({ status: 400, code: ErrorCode.DiscountCodeExpired });
    expect(expired.fieldErrors[0]?.ErrorCode).toBe(ErrorCode.DiscountCodeExpired);
    expect(await failure(lookup('TEAM50', 'plan_pro'))).toMatchObject({ status: 400, code: ErrorCode.DiscountCodeNotApplicable });
    expect(await lookup(' welcome10 ', 'plan_pro')).toMatchObject({ UniqueIdentifier: 'WELCOME10', PercentOff: 10 });
  });

  it('a route without a demo answer is 404 Errors.NotFound, like an unknown route', async () => {
    expect(await failure(api.request('get', '/api/v1/billing/plans'))).toMatchObject({ kind: 'client', status: 404, code: ErrorCode.NotFound });
  });
});
