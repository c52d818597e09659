import { expect } from 'vitest';
import type { TestApp } from '../testing/create-test-app.ts';
import { sandboxPublishableKey } from './sandbox/sandbox-ids.ts';

/** Shared by the payment tests: the sandbox driven the way the browser script drives it. */
export const SITE = 'http://localhost:3000';
export const CARDS = { visa: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' } as const;

/** A sign-up draft with something due now (Pro: monthly rate and setup fee, no trial). */
export const proDraft = (over: Record<string, unknown> = {}) => ({ Plan: { Uid: 'plan-pro' }, BillingRenewalTerm: 'Monthly', Quantity: 1, ...over });

export async function dueNow(t: TestApp, draft: Record<string, unknown>): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/billing/subscriptions/compute-charge-summary', payload: draft });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Total as number;
}

export async function signupIntent(t: TestApp, payload: Record<string, unknown>, intentType = 'payment') {
  const res = await t.request({ method: 'POST', url: `/api/v1/billing/paymentinformation/intent?intentType=${intentType}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ClientSecret: string; IsSetupIntent: boolean; OutstandingAmount: number; CustomerToken: string | null; Currency: string };
}

export async function cardToken(t: TestApp, number: string, over: Record<string, string> = {}): Promise<string> {
  const res = await t.request({
    method: 'POST', url: '/sandbox/v1/tokens',
    payload: { api_login_id: sandboxPublishableKey(t.config.company.uid), card_number: number, expire_month: '12', expire_year: '2034', cvv: '123', name_on_card: 'Ada Lovelace', ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().onetime_token as string;
}

export function confirm(t: TestApp, clientSecret: string, token: string, returnUrl?: string) {
  return t.request({ method: 'POST', url: '/sandbox/v1/intents/confirm', payload: { client_secret: clientSecret, payment_method: token, ...(returnUrl ? { return_url: returnUrl } : {}) } });
}

/** Enters a card on an intent the way the widget does; expects the confirm to be accepted. */
export async function pay(t: TestApp, clientSecret: string, number: string = CARDS.visa) {
  const res = await confirm(t, clientSecret, await cardToken(t, number));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string };
}
