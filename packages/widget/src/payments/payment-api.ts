import type { ApiClient } from '../api/http.ts';
import type { PaymentIntent, PaymentIntentRequest, PaymentResult } from './payment-types.ts';

/**
 * The payment calls of spec 1 section 7, in one place, through the typed client. Paths with
 * "stripe" in them are the spec's; the server answers them for every gateway.
 */
export function requestIntent(api: ApiClient, req: PaymentIntentRequest, current: string | null, signal?: AbortSignal): Promise<PaymentIntent> {
  return api.request('post', '/api/v1/billing/paymentinformation/intent', {
    query: { intentType: req.intentType, ...(req.accountUid ? { accountUid: req.accountUid } : {}) },
    body: {
      ...(req.subscription ? { Subscription: req.subscription } : {}),
      ...(req.email ? { Email: req.email } : {}),
      ...(current ? { ClientSecret: current } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

export async function cancelIntent(api: ApiClient, clientSecret: string): Promise<void> {
  await api.request('post', '/api/v1/billing/paymentinformation/stripe/cancel-intent', { body: { ClientSecret: clientSecret } });
}

/** Spec 1 section 7 "sf": a failed setup (records LatestFailureDateTime on an existing account). */
export async function reportSetupFailure(api: ApiClient, clientSecret: string, accountUid?: string): Promise<void> {
  await api.request('post', '/api/v1/billing/paymentinformation/stripe/sf', {
    body: { ClientSecret: clientSecret, ...(accountUid ? { Account: { Uid: accountUid } } : {}) },
  });
}

/** POST /billing/paymentinformation: an existing account keeps the method it just set up. */
export function savePaymentInformation(api: ApiClient, accountUid: string, result: PaymentResult) {
  return api.request('post', '/api/v1/billing/paymentinformation', {
    body: {
      PaymentClientSecret: result.PaymentClientSecret, mode: result.mode, Account: { Uid: accountUid },
      ...(result.CustomerToken ? { CustomerToken: result.CustomerToken } : {}),
      ...(result.PaymentToken ? { PaymentToken: result.PaymentToken } : {}),
      ...(result.NameOnCard ? { NameOnCard: result.NameOnCard } : {}),
    },
  });
}
