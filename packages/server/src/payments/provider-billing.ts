import { ErrorCode, formatMoney, toMajor } from '@portico/core';
import { requireMember } from '../accounts/account-access.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { viaGateway } from './gateway-errors.ts';
import { GatewayError, type GatewayInvoice, type GatewaySubscription } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type {
  ProviderInvoicesAnswer, ProviderInvoicesQuery, ProviderSubscriptionsAnswer, ProviderSubscriptionsQuery,
} from './provider-billing.schemas.ts';

export type ProviderBillingDeps = Pick<PaymentsDeps, 'config' | 'gateway' | 'store'>;

/**
 * The account's customer at the payment provider, for a member of it, where the provider does the
 * billing (billing.system Stripe). Native billing: 409 Errors.BillingPortalUnavailable (the provider
 * bills nothing there). No customer yet (no card saved): null, and the lists are empty.
 */
export async function providerCustomerOf(deps: ProviderBillingDeps, accountUid: string): Promise<string | null> {
  if (deps.config.billing.system !== 'Stripe') {
    throw new AppError(ErrorCode.BillingPortalUnavailable, "This company's billing is not with the payment provider, so the provider has no invoices or subscriptions.");
  }
  if (!(await deps.store.payments.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  // The customer the account's saved method lives on (create-intent.ts and the portal use the same one).
  const saved = (await deps.store.payments.paymentInformationOf(accountUid)).find((p) => p.gateway === deps.gateway.name && p.customerToken);
  return saved?.customerToken ?? null;
}

/** The provider's "no such object" (a customer deleted there, an unknown cursor) answered by `orElse` instead of a 404 about intents. */
async function missingAs<T>(call: Promise<T>, orElse: () => T): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'not_found') return orElse();
    throw err;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const providerInvoiceToWire = (i: GatewayInvoice) => ({
  Uid: i.id, Currency: i.currency, Total: toMajor(i.totalMinor, i.currency), CurrencyTotal: formatMoney(i.totalMinor, i.currency),
  Status: i.status, PeriodStart: i.periodStart.toISOString(), InvoicePdf: i.pdfUrl,
});

export const providerSubscriptionToWire = (s: GatewaySubscription) => ({
  Uid: s.id, Status: s.status, StartDate: s.startDate.toISOString(), EndDate: iso(s.endDate),
  CurrentPeriodEnd: iso(s.currentPeriodEnd), CancelAt: iso(s.cancelAt),
  Items: s.items.map((i) => ({
    Product: { Name: i.productName },
    Price: { UnitAmount: toMajor(i.unitAmountMinor, i.currency), Currency: i.currency, Interval: i.interval },
    Quantity: i.quantity,
  })),
});

/** GET /profile/account/stripe/invoices (spec 2 section 7 "Invoices (stripe)"): any member; newest period first, cursor paging. */
export async function listProviderInvoices(deps: ProviderBillingDeps, caller: Caller, q: ProviderInvoicesQuery): Promise<ProviderInvoicesAnswer> {
  const me = requireMember(caller, q.accountUid);
  const customer = await providerCustomerOf(deps, me.accountUid);
  if (!customer) return { metadata: { limit: q.limit, hasMore: false }, items: [] };
  const page = await viaGateway(() => missingAs(deps.gateway.listInvoices(customer, { limit: q.limit, startingAfter: q.startingAfter }), () => {
    // An invoice the provider does not know as this customer's (a guess, another customer's): a bad cursor, nothing more.
    if (q.startingAfter) throw validationError([fieldError('querystring.startingAfter', ErrorCode.ValidationFailed, 'No such invoice of this account.')]);
    return { items: [], hasMore: false }; // the customer was deleted at the provider: it bills nothing
  }));
  return { metadata: { limit: q.limit, hasMore: page.hasMore }, items: page.items.map(providerInvoiceToWire) };
}

/** GET /profile/account/stripe/subscriptions (spec 2 section 7 "Provider subscriptions"): any member; newest start first. */
export async function listProviderSubscriptions(deps: ProviderBillingDeps, caller: Caller, q: ProviderSubscriptionsQuery): Promise<ProviderSubscriptionsAnswer> {
  const me = requireMember(caller, q.accountUid);
  const customer = await providerCustomerOf(deps, me.accountUid);
  if (!customer) return { items: [] };
  const subscriptions = await viaGateway(() => missingAs(deps.gateway.listSubscriptions(customer), () => []));
  const sorted = [...subscriptions].sort((a, b) => b.startDate.getTime() - a.startDate.getTime() || (a.id < b.id ? 1 : -1));
  return { items: sorted.map(providerSubscriptionToWire) };
}
