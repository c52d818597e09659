import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/http.ts';
import type { ApiCall } from '../../api/transport.ts';
import { demoTransport } from '../../demo/demo-transport.ts';
import {
  endDate, fetchProviderInvoices, latestCancelAt, onServer, renewalDate, sortByStart, type ProviderSubscription,
} from './provider-billing-calls.ts';

const sub = (over: Partial<ProviderSubscription>): ProviderSubscription => ({
  Uid: 'sub_1', Status: 'active', StartDate: '2026-08-27T10:00:00Z', EndDate: null, CurrentPeriodEnd: '2026-12-27T10:00:00Z', CancelAt: null,
  Items: [{ Product: { Name: 'Pro' }, Price: { UnitAmount: 29, Currency: 'USD', Interval: 'month' }, Quantity: 1 }], ...over,
});

describe('provider billing rules (spec 2 section 2 "Subscriptions (payment-provider billing)")', () => {
  it('sorts by start date, newest first', () => {
    const subs = [sub({ Uid: 'a', StartDate: '2025-01-01T00:00:00Z' }), sub({ Uid: 'b', StartDate: '2026-01-01T00:00:00Z' }), sub({ Uid: 'c', StartDate: '2025-06-01T00:00:00Z' })];
    expect(sortByStart(subs).map((s) => s.Uid)).toEqual(['b', 'c', 'a']);
  });

  it('a renewal date only while active and with no cancellation scheduled', () => {
    expect(renewalDate(sub({}))).toBe('2026-12-27T10:00:00Z');
    expect(renewalDate(sub({ CancelAt: '2026-12-27T10:00:00Z' }))).toBeNull();
    for (const Status of ['trialing', 'past_due', 'canceled', 'unpaid'] as const) expect(renewalDate(sub({ Status }))).toBeNull();
  });

  it('the end shown is the end date, else the scheduled cancellation; the notice uses the latest CancelAt', () => {
    expect(endDate(sub({ EndDate: '2026-01-01T00:00:00Z', CancelAt: '2026-02-01T00:00:00Z' }))).toBe('2026-01-01T00:00:00Z');
    expect(endDate(sub({ CancelAt: '2026-02-01T00:00:00Z' }))).toBe('2026-02-01T00:00:00Z');
    expect(latestCancelAt([sub({ CancelAt: '2026-02-01T00:00:00Z' }), sub({ CancelAt: '2026-03-01T00:00:00Z' }), sub({})])).toBe('2026-03-01T00:00:00Z');
    expect(latestCancelAt([sub({})])).toBeNull();
  });

  it('links the server answers as paths (the sandbox) resolve against the server; Stripe\'s stay', () => {
    expect(onServer('/sandbox/v1/invoices/in_1', 'https://portico.example')).toBe('https://portico.example/sandbox/v1/invoices/in_1');
    expect(onServer('https://pay.stripe.com/invoice/x/pdf', 'https://portico.example')).toBe('https://pay.stripe.com/invoice/x/pdf');
  });

  it('asks for 3 invoices newest period first, then the next 3 after the last one', async () => {
    const calls: ApiCall[] = [];
    const api = createApiClient({ transport: async (call) => { calls.push(call); return { status: 200, body: { metadata: { limit: 3, hasMore: false }, items: [] }, header: () => null }; } });
    await fetchProviderInvoices(api, null);
    await fetchProviderInvoices(api, 'in_3');
    expect(calls.map((c) => c.query)).toEqual([{ limit: 3, orderBy: 'PeriodStart DESC' }, { limit: 3, orderBy: 'PeriodStart DESC', startingAfter: 'in_3' }]);
  });

  it('demo mode answers both calls for a signed-in persona and pages the invoices', async () => {
    const { demoProviderInvoices, demoProviderSubscriptions } = await import('../../demo/demo-provider-billing.ts');
    const now = new Date('2026-11-27T12:00:00Z');
    const first = demoProviderInvoices('teamOwner', { limit: 3 }, now);
    expect(first.metadata.hasMore).toBe(true);
    const second = demoProviderInvoices('teamOwner', { limit: 3, startingAfter: first.items[2]!.Uid }, now);
    expect(second.items).toHaveLength(2);
    expect(second.metadata.hasMore).toBe(false);
    expect(demoProviderSubscriptions('teamOwner', now).items[0]!.Status).toBe('active');
    expect(demoTransport).toBeTypeOf('function');
  });
});
