import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { chargeSummary, couponFromWire, planFamilyFromWire, summaryToWire } from '@portico/core/billing/index';
import { createApiClient } from '../api/http.ts';
import { ApiProblem } from '../api/api-problem.ts';
import { DEMO_COUPONS, DEMO_SETTINGS } from './demo-settings.ts';
import { demoTransport } from './demo-transport.ts';

const now = new Date('2024-04-01T12:00:00Z');
const api = createApiClient({ transport: demoTransport(() => now) });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);
const team = DEMO_SETTINGS.PlanFamilies.flatMap((f) => planFamilyFromWire(f, 'USD').plans).find((p) => p.Uid === 'plan-team')!;

describe('the demo transport answers the typed calls like a server would', () => {
  it("init: the bundled demo settings, the demo company's (issue 15: Northwind Analytics' plans, prices and coupons)", async () => {
    const init = await api.request('get', '/api/v1/widgets/auth/init');
    expect(init).toEqual(DEMO_SETTINGS);
    const analytics = DEMO_SETTINGS.PlanFamilies.find((f) => f.Name === 'Analytics')!;
    expect(analytics.Plans.filter((p) => p.IsActive).map((p) => [p.Name, p.MonthlyRate, p.SetupFee]).sort()).toEqual([['Free', 0, null], ['Pro', 79, 49], ['Starter', 29, null], ['Team', 15, null]]);
    expect(DEMO_SETTINGS.PaymentSettings.CompanyName).toBe('Northwind Analytics');
    expect(DEMO_SETTINGS.RegistrationUrls.PostLogin).toBe('/?signed-in=1');
    expect(DEMO_COUPONS.map((c) => c.UniqueIdentifier)).toContain('WELCOME20');
  });

  it('community-server status: no prompt, so a demo login never stops at discordInterstitial', async () => {
    expect(await api.request('get', '/api/v1/profile/discord')).toMatchObject({ User: null, ShouldPromptToConnect: false, InviteUrl: null });
  });

  it('issue 18: discordSettings in demo mode connects and disconnects in memory, per persona; a visitor has no access', async () => {
    const as = (persona: 'visitor' | 'teamOwner') => createApiClient({ transport: demoTransport(() => now, () => persona) });
    const owner = as('teamOwner');
    expect(await owner.request('get', '/api/v1/profile/discord')).toEqual({ User: null, HasAccessToDiscord: true, ShouldPromptToConnect: false, InviteUrl: null, CanConnect: true });
    // The authorize answer is the page itself: nothing leaves for Discord.
    expect(await owner.request('get', '/api/v1/profile/authorizeDiscord', { query: { returnUrl: 'https://demo.example/account' } })).toEqual({ Url: 'https://demo.example/account' });
    expect((await owner.request('get', '/api/v1/profile/discord')).User).toEqual({ Username: expect.stringMatching(/_demo$/) });
    expect((await as('visitor').request('get', '/api/v1/profile/discord')).HasAccessToDiscord).toBe(false);
    await owner.request('delete', '/api/v1/profile/discord', {});
    expect((await owner.request('get', '/api/v1/profile/discord')).User).toBeNull();
  });

  it('compute-charge-summary: core\'s charge summary of the body, in wire units, with the coupon looked up by code', async () => {
    const body = {
      Plan: { Uid: 'plan-team' }, Quantity: 4, BillingRenewalTerm: 'Yearly' as const,
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }], DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'friends' } }],
    };
    const got = await api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { query: { asOf: 'now' }, body });
    const support = team.PlanAddOns.find((pa) => pa.AddOn.Uid === 'addon-priority-support')!.AddOn;
    const coupon = couponFromWire(DEMO_COUPONS.find((c) => c.UniqueIdentifier === 'FRIENDS')!, 'USD');
    const expected = chargeSummary({ now, currency: 'USD', plan: team, term: 'Yearly', quantity: 4, addOns: [{ addOn: support, quantity: 1 }], coupon: { coupon }, asOf: 'now' });
    expect(got).toEqual(summaryToWire(expected, 'USD'));
    expect(got.InvoiceDisplayItems.some((l) => l.Total < 0)).toBe(true);
  });

  it('compute-charge-summary refuses what a server refuses: quantity above the maximum, unknown plan', async () => {
    const tooMany = await failure(api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { body: { Plan: { Uid: 'plan-team' }, Quantity: 26, BillingRenewalTerm: 'Monthly' } }));
    expect(tooMany).toMatchObject({ kind: 'client', status: 400, code: ErrorCode.QuantityAboveMaximum });
    expect((tooMany as ApiProblem).fieldErrors[0]).toMatchObject({ Field: 'Quantity', ErrorCode: ErrorCode.QuantityAboveMaximum });
    const unknown = await failure(api.request('post', '/api/v1/billing/subscriptions/compute-charge-summary', { body: { Plan: { Uid: 'plan_nope' }, BillingRenewalTerm: 'Monthly' } }));
    expect(unknown).toMatchObject({ status: 404, code: ErrorCode.PlanNotFound });
  });

  it('discount codes: unknown 404, expired or for another plan 400 with the code in the field error, valid case-insensitive', async () => {
    const lookup = (code: string, planUid: string) => api.request('get', '/api/v1/public/billing/discountcoupons/{code}', { path: { code }, query: { planUid } });
    expect(await failure(lookup('nope', 'plan-pro'))).toMatchObject({ status: 404, code: ErrorCode.DiscountCodeNotFound });
    const expired = (await failure(lookup('BLACKFRIDAY2020', 'plan-pro'))) as ApiProblem;
    expect(expired).toMatchObject({ status: 400, code: ErrorCode.DiscountCodeExpired });
    expect(expired.fieldErrors[0]?.ErrorCode).toBe(ErrorCode.DiscountCodeExpired);
    expect(await failure(lookup('FIVEOFF', 'plan-team'))).toMatchObject({ status: 400, code: ErrorCode.DiscountCodeNotApplicable });
    expect(await lookup(' welcome20 ', 'plan-pro')).toMatchObject({ UniqueIdentifier: 'WELCOME20', PercentOff: 20 });
  });

  it('issue 15: each persona sees only their own team; signed out none; only the primary contact may change it', async () => {
    const as = (persona: 'visitor' | 'freeMember' | 'teamOwner' | 'pastDue') => createApiClient({ transport: demoTransport(() => now, () => persona) });
    expect(await failure(as('visitor').request('get', '/api/v1/profile/account/people', { query: {} }))).toMatchObject({ status: 401 });
    const ana = await as('freeMember').request('get', '/api/v1/profile/account/people', { query: {} });
    expect(ana.items.map((m) => m.Person.Email)).toEqual(['ana.lima@example.com']);
    expect(ana.Seats).toMatchObject({ IsPerUser: false, Members: 1 });
    const sam = await as('teamOwner').request('get', '/api/v1/profile/account/people', { query: {} });
    expect(sam.items.length).toBeGreaterThan(1);
    expect(sam.items.map((m) => m.Person.Email)).toContain('samira@brightlabs.io');
    expect(sam.items.map((m) => m.Person.Email)).not.toContain('ana.lima@example.com');
    expect(sam.items.map((m) => m.Person.Email)).not.toContain('jonas.berg@example.org');
    expect((await as('pastDue').request('get', '/api/v1/profile/account/people', { query: {} })).items.map((m) => m.Person.Email)).toEqual(['jonas.berg@example.org']);
  });

  it('a route without a demo answer is 404 Errors.NotFound, like an unknown route', async () => {
    expect(await failure(api.request('get', '/api/v1/billing/plans'))).toMatchObject({ kind: 'client', status: 404, code: ErrorCode.NotFound });
  });
});
