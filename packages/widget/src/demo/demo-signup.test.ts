import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/http.ts';
import { demoSandbox } from './demo-sandbox.ts';
import { demoTransport } from './demo-transport.ts';
import type { PorticoSandbox } from '../payments/sandbox-script.ts';

const now = new Date('2024-04-01T12:00:00Z');
const api = createApiClient({ transport: demoTransport(() => now) });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);
let sandbox: PorticoSandbox;
beforeAll(() => { sandbox = demoSandbox(); });

// Northwind's Starter has a 14-day trial; Team is per seat (demo-company.yaml).
const PRO = { Plan: { Uid: 'plan-starter' }, BillingRenewalTerm: 'Monthly' as const, Quantity: 1 };
const TEAM = { Plan: { Uid: 'plan-team' }, BillingRenewalTerm: 'Yearly' as const, Quantity: 3 };

async function pay(subscription: typeof TEAM, card: string) {
  const intent = await api.request('post', '/api/v1/billing/paymentinformation/intent', { query: { intentType: 'payment' }, body: { Subscription: subscription } });
  const token = await sandbox.createToken({ card_number: card, expire_month: '12', expire_year: '30', cvv: '123', name_on_card: 'Lee Chen' });
  const confirmed = await sandbox.confirmIntent(intent.ClientSecret, { payment_method: 'onetime_token' in token ? token.onetime_token : '' });
  return { intent, confirmed };
}

describe('demo sign-up: the flow runs as with a server, nothing leaves the page', () => {
  it('the email check knows the personas; validation and the nonce answer', async () => {
    expect(await api.request('get', '/api/v1/crm/registrations/email-exists', { query: { email: 'Samira@brightlabs.io' } })).toEqual({ Result: true });
    expect(await api.request('get', '/api/v1/crm/registrations/email-exists', { query: { email: 'new@example.com' } })).toEqual({ Result: false });
    expect((await api.request('post', '/api/v1/nonce', {})).Value).toMatch(/^nonce_demo_/);
  });

  it('a paid sign-up: the intent asks what is due now, the sandbox card pays, the registration states what was paid', async () => {
    const { intent, confirmed } = await pay(TEAM, '4242424242424242');
    expect(intent).toMatchObject({ IsSetupIntent: false, Currency: 'USD' });
    expect(intent.OutstandingAmount).toBeGreaterThan(0);
    expect(confirmed).toMatchObject({ status: 'succeeded' });
    const answer = await api.request('post', '/api/v1/crm/registrations', {
      body: { Person: { Email: 'lee@example.com', FirstName: 'Lee', LastName: 'Chen' }, Subscription: TEAM, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } },
    });
    expect(answer).toMatchObject({
      Person: { Email: 'lee@example.com' }, RequiresConfirmation: false, CreatedWithGoogle: false,
      Subscription: { Plan: { Uid: 'plan-team', Name: 'Team' }, BillingRenewalTerm: 'Yearly', Quantity: 3 },
      Invoice: { Total: intent.OutstandingAmount, AmountPaid: intent.OutstandingAmount, Status: 'Paid' },
      PaymentMethod: { Brand: 'Visa', Last4: '4242' }, NextRenewal: { ChargedAutomatically: true, EndsTrial: false },
    });
  });

  it('a trial: nothing due now (a setup intent), the renewal ends the trial; a decline test card declines', async () => {
    const trial = await api.request('post', '/api/v1/billing/paymentinformation/intent', { query: { intentType: 'payment' }, body: { Subscription: PRO } });
    expect(trial).toMatchObject({ IsSetupIntent: true, OutstandingAmount: 0 });
    const answer = await api.request('post', '/api/v1/crm/registrations', { body: { Person: { Email: 'pro@example.com' }, Subscription: PRO } });
    expect(answer).toMatchObject({ Invoice: null, PaymentMethod: null, NextRenewal: { EndsTrial: true, ChargedAutomatically: false } });
    expect((await pay(TEAM, '4000000000000002')).confirmed).toMatchObject({ error: { description: 'CardDeclined', message: 'Your card was declined.' } });
  });

  it('a persona\'s email is taken, as a server would say', async () => {
    expect(await failure(api.request('post', '/api/v1/crm/registrations', { body: { Person: { Email: 'ana.lima@example.com' } } }))).toMatchObject({ status: 409 });
  });
});
