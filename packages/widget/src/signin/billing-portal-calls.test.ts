import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/http.ts';
import type { ApiCall } from '../api/transport.ts';
import { demoTransport } from '../demo/demo-transport.ts';
import { billingPortalUrl, portalReturnPage } from './billing-portal-calls.ts';

describe('the billing portal call', () => {
  it('returns to this page without its fragment', () => {
    expect(portalReturnPage('https://shop.example/account?tab=billing#top')).toBe('https://shop.example/account?tab=billing');
  });

  it('sends accountUid and returnUrl in the query and answers the portal Url', async () => {
    const calls: ApiCall[] = [];
    const api = createApiClient({
      transport: async (call) => {
        calls.push(call);
        return { status: 200, body: { Url: 'https://billing.stripe.com/p/session/test_1' }, header: () => null };
      },
    });
    expect(await billingPortalUrl(api, 'acc_1', 'https://shop.example/account', 'https://portico.example')).toBe('https://billing.stripe.com/p/session/test_1');
    expect(calls[0]).toMatchObject({ method: 'post', path: '/api/v1/billing/stripe/portal/sessions', query: { accountUid: 'acc_1', returnUrl: 'https://shop.example/account' } });
  });

  it('the sandbox\'s portal is a path on the server: resolved against the server, not the host page', async () => {
    const api = createApiClient({ transport: async () => ({ status: 200, body: { Url: '/sandbox/v1/portal/bps_sbx_1' }, header: () => null }) });
    expect(await billingPortalUrl(api, 'acc_1', 'https://shop.example/account', 'https://portico.example')).toBe('https://portico.example/sandbox/v1/portal/bps_sbx_1');
  });

  it('in demo mode the demo transport answers with the page itself, so no server is asked', async () => {
    const api = createApiClient({ transport: demoTransport(() => new Date('2024-04-01T12:00:00Z')) });
    expect(await billingPortalUrl(api, 'demo', 'https://shop.example/account?tab=billing', 'https://portico.example')).toBe('https://shop.example/account?tab=billing');
  });
});
