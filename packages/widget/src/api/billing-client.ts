/**
 * Typed client for the billing calls the checkout makes (spec 1 section 7).
 * Only used with a server: demo mode computes locally and never calls these.
 * Bodies and answers are wire shapes (major units); callers map them with
 * core's wire mappers.
 */
import type { BillingRenewalTerm, ErrorBody, WireDiscountCoupon } from '@portico/core';
import type { TaxStatus, WireChargeSummary } from '@portico/core/billing/index';

export interface ComputeChargeSummaryBody {
  Plan: { Uid: string };
  Quantity: number;
  BillingRenewalTerm: BillingRenewalTerm;
  SubscriptionAddOns: { AddOn: { Uid: string }; Quantity: number }[];
  DiscountCouponSubscriptions: { DiscountCoupon: { UniqueIdentifier: string } }[];
  Account?: {
    BillingAddress?: { Country: string | null; State: string | null; PostalCode: string | null };
    TaxStatus?: TaxStatus;
  };
}

export interface ApiClientOptions {
  /** Server origin, e.g. https://portico.example.com */
  server: string;
  /** Bearer token when signed in. */
  token?: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** A failed call: the HTTP status (0 = network failure) and the parsed error body when there is one. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ErrorBody> | null) {
    super(`API call failed with status ${status}`);
    this.name = 'ApiError';
  }
}

async function call<T>(opts: ApiClientOptions, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(`${opts.server}/api/v1${path}`, {
      method,
      headers,
      credentials: 'omit',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  if (!res.ok) {
    let parsed: Partial<ErrorBody> | null = null;
    try {
      parsed = (await res.json()) as Partial<ErrorBody>;
    } catch {
      parsed = null;
    }
    throw new ApiError(res.status, parsed);
  }
  return (await res.json()) as T;
}

/** POST /billing/subscriptions/compute-charge-summary?asOf=now|renewal */
export function computeChargeSummary(opts: ApiClientOptions, body: ComputeChargeSummaryBody, asOf: 'now' | 'renewal'): Promise<WireChargeSummary> {
  return call<WireChargeSummary>(opts, 'POST', `/billing/subscriptions/compute-charge-summary?asOf=${asOf}`, body);
}

/** GET /public/billing/discountcoupons/{code}?planUid= */
export function getDiscountCoupon(opts: ApiClientOptions, code: string, planUid: string): Promise<WireDiscountCoupon> {
  return call<WireDiscountCoupon>(opts, 'GET', `/public/billing/discountcoupons/${encodeURIComponent(code)}?planUid=${encodeURIComponent(planUid)}`);
}
