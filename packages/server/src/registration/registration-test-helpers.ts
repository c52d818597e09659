import { expect } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { rowCountsRepository } from '../db/row-counts.repository.ts';
import type { TestApp } from '../testing/create-test-app.ts';

/** The demo company without a captcha and without email confirmation, unless a test turns them on. */
export function registrationConfig(over: { confirm?: boolean; captcha?: CompanyConfig['captcha']['provider'] } = {}): CompanyConfig {
  const config = loadCompanyConfig();
  return {
    ...config,
    captcha: { ...config.captcha, provider: over.captcha ?? 'none' },
    registration: { ...config.registration, requireEmailConfirmation: over.confirm ?? false, confirmationUrl: 'http://localhost:3000/?confirm-email=1' },
  };
}

let people = 0;

/** A registration the demo company's fields accept (required names, billing address, terms). */
export function registrationBody(over: Record<string, unknown> = {}, person: Record<string, unknown> = {}) {
  people += 1;
  return {
    Person: { Email: `ada-${people}-${Date.now()}@example.com`, FirstName: 'Ada', LastName: 'Lovelace', FieldValues: { Role: 'analyst', MarketingConsent: true }, ...person },
    Account: {
      Name: 'Analytical Engines',
      BillingAddress: { AddressLine1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' },
      FieldValues: { CompanySize: '1-10', Interests: ['web', 'sales'] },
      TaxIds: [{ TaxIdType: 'us_ein', TaxId: '12-3456789' }],
    },
    Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    TermsAccepted: true,
    Nonce: undefined as string | undefined,
    ...over,
  };
}

export async function nonce(t: TestApp): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/v1/nonce', remoteAddress: nextClient() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Value as string;
}

let clients = 0;
/** Each test request comes from its own address, so the route's rate limit (registrationSubmit) does not run out across a file. */
export const nextClient = () => `198.51.100.${(clients = (clients % 250) + 1)}`;

export function register(t: TestApp, body: Record<string, unknown>, opts: { key?: string; query?: string; headers?: Record<string, string> } = {}) {
  return t.request({
    method: 'POST', url: `/api/v1/crm/registrations${opts.query ?? ''}`, payload: body, remoteAddress: nextClient(),
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...opts.headers },
  });
}

export const counts = (t: TestApp) => rowCountsRepository(t.database.db).counts();

/** A registration refused with this status and code, leaving every table as it was. */
export async function expectRefusedWithoutWrites(t: TestApp, send: () => Promise<{ statusCode: number; body: string }>, status: number, code: string) {
  const before = await counts(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { ErrorCode: string; Message: string; FieldErrors: { Field: string; ErrorCode: string; Message: string }[] };
  expect(body.ErrorCode).toBe(code);
  expect(await counts(t)).toEqual(before);
  return body;
}
