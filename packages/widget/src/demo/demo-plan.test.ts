import { beforeEach, describe, expect, it } from 'vitest';
import { planScreenView } from '@portico/core/billing/cancellation';
import { demoTransport } from './demo-transport.ts';
import { demoScheduleChange, resetDemoPlans } from './demo-plan.ts';
import { resetDemoReauth } from './demo-reauth.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const call = (method: string, path: string, body: unknown = undefined, pathParams: Record<string, string> = {}) =>
  demoTransport(() => NOW, () => 'teamOwner')({ method, path, pathParams, query: {}, body } as never);

beforeEach(() => {
  resetDemoPlans();
  resetDemoReauth(NOW);
});

describe('demo plan screens (demo-plan.ts)', () => {
  it('the team owner\'s plan: current = latest, an ended add-on kept for the screen to hide, a renewal date', async () => {
    const account = (await call('get', '/api/v1/profile/account')).body as never as Parameters<typeof planScreenView>[0] & { CurrentSubscription: { RenewalDate: string; SubscriptionAddOns: { EndDate: string | null }[] } };
    expect(planScreenView(account)).toMatchObject({ kind: 'active', canCancel: true, scheduledChange: null });
    expect(account.CurrentSubscription.RenewalDate > NOW.toISOString()).toBe(true);
    expect(account.CurrentSubscription.SubscriptionAddOns.map((a) => a.EndDate === null)).toEqual([true, false]);
  });

  it('cancel, cancel again (409), restore, restore again (409)', async () => {
    const cancelled = await call('post', '/api/v1/profile/account/cancellations', { CancelationReason: 'Too expensive' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ AccountStage: 'Cancelling', PriorAccountStage: 'Subscribing', CancelationReason: 'Too expensive' });
    expect(planScreenView((await call('get', '/api/v1/profile/account')).body as never)).toMatchObject({ kind: 'cancelling', canRestore: true });
    expect((await call('post', '/api/v1/profile/account/cancellations', {})).status).toBe(409);
    expect((await call('post', '/api/v1/profile/account/cancellations', { CancelationReason: 'Because' })).status).toBe(400);
    expect((await call('delete', '/api/v1/profile/account/cancellations')).body).toMatchObject({ AccountStage: 'Subscribing' });
    expect((await call('delete', '/api/v1/profile/account/cancellations')).status).toBe(409);
  });

  it('asks Confirm it\'s you ten minutes after the page loaded', async () => {
    resetDemoReauth(new Date(NOW.getTime() - 11 * 60_000));
    expect((await call('post', '/api/v1/profile/account/cancellations', {})).body).toMatchObject({ ErrorCode: 'Errors.ReauthenticationRequired' });
  });

  it('a scheduled change shows and Cancel plan change removes it', async () => {
    await call('get', '/api/v1/profile/account');
    demoScheduleChange('teamOwner', 'plan-pro', NOW);
    const account = (await call('get', '/api/v1/profile/account')).body as never as { LatestSubscription: { Uid: string } };
    const view = planScreenView(account as never);
    expect(view).toMatchObject({ kind: 'active', canChange: false, scheduledChange: { planName: 'Pro' } });
    expect((await call('delete', '/api/v1/billing/subscriptions/{id}', undefined, { id: account.LatestSubscription.Uid })).status).toBe(200);
    expect(planScreenView((await call('get', '/api/v1/profile/account')).body as never)).toMatchObject({ scheduledChange: null, canChange: true });
  });
});
