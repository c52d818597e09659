import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { apiCalls } from './api-calls.ts';
import { freeSignUpBody, SANDBOX, uniqueEmail } from './signup.ts';

type Api = ReturnType<typeof apiCalls>;

/**
 * A paid sign-up over the API with a sandbox card (Ada Lovelace, Analytical Engines in San Francisco, CA tax),
 * on `plan` monthly; signed in. The sign-up charges the card, so it must be one whose charges succeed.
 */
export async function payingCustomer(api: Api, serverUrl: string, password: string, plan = 'plan-pro'): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('payer');
  const subscription = { Plan: { Uid: plan }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
  const body = freeSignUpBody(email, password, null);
  const intent = await api('POST', '/api/v1/billing/paymentinformation/intent?intentType=payment', { body: { Subscription: { ...subscription, Account: { BillingAddress: body.Account.BillingAddress } }, Email: email } });
  expect(intent.status, JSON.stringify(intent.json)).toBe(200);
  const config = await api('GET', '/api/v1/billing/paymentinformation/configuration');
  const card = await fetch(`${serverUrl}/sandbox/v1/tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_login_id: config.json.PublishableKey, card_number: SANDBOX.ok, expire_month: '12', expire_year: '2034', cvv: '123', name_on_card: 'Ada Lovelace' }),
  });
  const token = ((await card.json()) as { onetime_token: string }).onetime_token;
  const confirmed = await fetch(`${serverUrl}/sandbox/v1/intents/confirm`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: intent.json.ClientSecret, payment_method: token }),
  });
  expect(confirmed.status).toBe(200);
  const nonce = await api('POST', '/api/v1/nonce');
  const registered = await api('POST', '/api/v1/crm/registrations', {
    body: { ...freeSignUpBody(email, password, nonce.json.Value), Subscription: subscription, PaymentInformation: { PaymentClientSecret: intent.json.ClientSecret } },
  });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const signIn = await api('POST', '/api/v1/tokens', { form: { username: email, password } });
  expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
  return { email, token: signIn.json.access_token as string };
}

/**
 * Saves `card` on the signed-in owner's account as the widget saves one (a setup intent confirmed at the sandbox,
 * its bank step completed when asked, then POST /billing/paymentinformation). A setup only: cards that decline
 * their charges (4000 0000 0000 0341, …9979, …9987) are saved.
 */
export async function saveCardOverApi(api: Api, serverUrl: string, owner: { token: string; accountUid: string }, card: string): Promise<void> {
  const { token, accountUid } = owner;
  const setup = await api('POST', `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${accountUid}`, { token, body: {} });
  expect(setup.status, JSON.stringify(setup.json)).toBe(200);
  const secret = setup.json.ClientSecret as string;
  const config = await api('GET', '/api/v1/billing/paymentinformation/configuration');
  const tokenRes = await api('POST', '/sandbox/v1/tokens', { body: { api_login_id: config.json.PublishableKey, card_number: card, expire_month: '12', expire_year: String(new Date().getUTCFullYear() + 3), cvv: '123', name_on_card: 'Ada Lovelace' } });
  expect(tokenRes.status, JSON.stringify(tokenRes.json)).toBe(201);
  const confirmed = await api('POST', '/sandbox/v1/intents/confirm', { body: { client_secret: secret, payment_method: tokenRes.json.onetime_token } });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  if (confirmed.json.status === 'requires_action') {
    await fetch(new URL('/sandbox/v1/authenticate', serverUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_secret: secret, outcome: 'complete' }).toString() });
  }
  const saved = await api('POST', '/api/v1/billing/paymentinformation', { token, body: { PaymentClientSecret: secret, Account: { Uid: accountUid } } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

/** The text of a PDF as a reader sees it, page by page (pdf.js). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const content = await (await pdf.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join('\n');
}

/** Opens the Billing popup and waits for its invoice list. */
export async function openBilling(page: Page) {
  await page.evaluate(() => (window as unknown as { Portico: { open(s: string): Promise<void> } }).Portico.open('billing'));
  const dialog = page.getByRole('dialog', { name: 'Billing' });
  await dialog.getByRole('list', { name: 'Invoices' }).waitFor();
  return dialog;
}
