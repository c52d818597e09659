import { expect } from 'vitest';
import type { TestApp } from '../testing/create-test-app.ts';
import { rowCountsRepository } from '../db/row-counts.repository.ts';

/** Shared by the billing API tests. */
let emailCounter = 0;

export interface ImportOverrides {
  Name?: string;
  Email?: string;
  /** The primary contact's names (tests that look for them in answers make them unique). */
  FirstName?: string;
  LastName?: string;
  BillingAddress?: Record<string, unknown> | null;
  TaxStatus?: 'Taxable' | 'Exempt';
  Subscription?: Record<string, unknown>;
}

export function importBody(over: ImportOverrides = {}) {
  emailCounter += 1;
  return {
    Name: over.Name ?? 'Acme Ltd',
    ...(over.BillingAddress !== undefined ? { BillingAddress: over.BillingAddress } : {}),
    ...(over.TaxStatus ? { TaxStatus: over.TaxStatus } : {}),
    PrimaryContact: { Email: over.Email ?? `owner${emailCounter}-${Date.now()}@example.com`, FirstName: over.FirstName ?? 'Ada', LastName: over.LastName ?? 'Lovelace' },
    Subscription: { StartDate: '2026-01-10T09:00:00Z', Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly', ...over.Subscription },
  };
}

/** Imports an existing customer through the admin API; returns the account answer. */
export async function importCustomer(t: TestApp, over: ImportOverrides = {}) {
  const res = await t.admin({ method: 'POST', url: '/api/v1/admin/accounts/import', payload: importBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const counts = (t: TestApp) => rowCountsRepository(t.database.db).counts();

/** Runs a request expected to be rejected and asserts no billing table changed. */
export async function expectRejectedWithoutWrites(t: TestApp, send: () => Promise<{ statusCode: number; body: string }>, status: number, code: string) {
  const before = await counts(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body.ErrorCode).toBe(code);
  expect(await counts(t)).toEqual(before);
  return body as { ErrorCode: string; Message: string; FieldErrors: { Field: string; ErrorCode: string; Message: string }[] };
}
