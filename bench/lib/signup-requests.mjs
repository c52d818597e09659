// The HTTP calls of a sign-up as a visitor's browser makes them, for the API benchmarks:
// a nonce, the registration (free plan, or a paid plan through the sandbox gateway's intent,
// card token and confirm), and a login. Bodies match the demo company's required fields.
import http from 'node:http';
import { BENCH_PASSWORD } from './argon2-rate.mjs';

const { sandboxPublishableKey } = await import('../../packages/server/src/payments/sandbox/sandbox-ids.ts');

const JSON_HEADERS = { 'content-type': 'application/json' };
const ADDRESS = { AddressLine1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };
export const FREE_PLAN = { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
/** Pro: a monthly rate and a setup fee, no trial, so the sign-up charges the card now ($128.00 in Illinois). */
export const PAID_PLAN = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };

let people = 0;
export const uniqueEmail = () => `bench-${process.pid}-${Date.now().toString(36)}-${(people += 1)}@example.com`;

export function registrationBody({ email, subscription = FREE_PLAN, nonce, payment }) {
  return {
    Person: { Email: email, FirstName: 'Ada', LastName: 'Lovelace', Password: BENCH_PASSWORD, FieldValues: { Role: 'analyst', MarketingConsent: true } },
    Account: { Name: 'Analytical Engines', BillingAddress: ADDRESS, FieldValues: { CompanySize: '1-10', Interests: ['web', 'sales'] }, TaxIds: [{ TaxIdType: 'us_ein', TaxId: '12-3456789' }] },
    Subscription: subscription,
    TermsAccepted: true,
    Nonce: nonce,
    ...(payment ? { PaymentInformation: payment } : {}),
  };
}

async function postJson(url, body, expected) {
  const res = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`POST ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** One free-plan registration with its nonce: 2 requests. Returns the email. */
export async function registerFree(base, email = uniqueEmail()) {
  const { Value } = await postJson(`${base}/api/v1/nonce`, undefined, 200);
  await postJson(`${base}/api/v1/crm/registrations`, registrationBody({ email, nonce: Value }), 201);
  return email;
}

/**
 * One paid registration the way the widget's sandbox card form does it: a payment intent for
 * the draft, a card token (4242 4242 4242 4242), the intent confirmed, a nonce, the registration
 * carrying the intent's client secret: 5 requests; the server charges and captures it.
 */
export async function registerPaid(base, companyUid, email = uniqueEmail()) {
  const intent = await postJson(`${base}/api/v1/billing/paymentinformation/intent?intentType=payment`, { Subscription: { ...PAID_PLAN, Account: { BillingAddress: ADDRESS } } }, 200);
  const card = await postJson(`${base}/sandbox/v1/tokens`, {
    api_login_id: sandboxPublishableKey(companyUid), card_number: '4242 4242 4242 4242', expire_month: '12', expire_year: String(new Date().getUTCFullYear() + 3), cvv: '123', name_on_card: 'Ada Lovelace',
  }, 201);
  await postJson(`${base}/sandbox/v1/intents/confirm`, { client_secret: intent.ClientSecret, payment_method: card.onetime_token }, 200);
  const { Value } = await postJson(`${base}/api/v1/nonce`, undefined, 200);
  const answer = await postJson(`${base}/api/v1/crm/registrations`, registrationBody({ email, subscription: PAID_PLAN, nonce: Value, payment: { PaymentClientSecret: intent.ClientSecret } }), 201);
  if (answer.Invoice?.Status !== 'Paid') throw new Error(`paid registration's invoice is ${answer.Invoice?.Status}`);
  return email;
}

/** POST /api/v1/tokens with the spec's form body; resolves to the response. */
export function login(base, email, password = BENCH_PASSWORD) {
  return fetch(`${base}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
}

/**
 * A lean login client for load: node:http over `connections` keep-alive sockets. Global fetch
 * (undici through the web streams) cost ~2 ms of client CPU per login on the 2-core bench
 * machine, taken from the cores the server and argon2 share; this costs a fraction of that.
 * Returns login(email, password?) resolving to { status, body } (body parsed JSON), and close().
 */
export function loginClient(base, { connections = 2 } = {}) {
  const url = new URL('/api/v1/tokens', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const login = (email, password = BENCH_PASSWORD) => new Promise((resolve, reject) => {
    const body = new URLSearchParams({ username: email, password }).toString();
    const req = http.request({
      agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        try { resolve({ status: res.statusCode, body: JSON.parse(text) }); } catch (err) { reject(new Error(`POST /api/v1/tokens answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`, { cause: err })); }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
  return { login, close: () => agent.destroy() };
}
