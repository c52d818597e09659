import { chargeSummary, renewalSummary, type ChargeSummary, type ChargeSummaryInput, type RenewalSummary } from '@portico/core/billing/index';
import type { BillingDeps } from './billing-deps.ts';
import type { SubscriptionInput } from './billing.schemas.ts';
import { resolveSubscriptionRequest, taxInput } from './resolve-subscription-request.ts';

/** The charge summary input of a NEW subscription (sign-up), checked; writes nothing. */
async function newSubscriptionInput(deps: BillingDeps, body: SubscriptionInput): Promise<Omit<ChargeSummaryInput, 'asOf'>> {
  const now = deps.clock.now();
  const snapshot = await deps.snapshots.get();
  const req = resolveSubscriptionRequest(body, snapshot, { now });
  return {
    now, currency: deps.config.company.currency, plan: req.plan, term: req.term, quantity: req.quantity, addOns: req.addOns,
    coupon: req.coupon, startDate: req.startDate, tax: taxInput(deps.config, body.Account?.BillingAddress, body.Account?.TaxStatus),
  };
}

/** POST /billing/subscriptions/compute-charge-summary: the due-now or the first renewal invoice of a new subscription. */
export async function computeChargeSummary(deps: BillingDeps, body: SubscriptionInput, asOf: 'now' | 'renewal'): Promise<ChargeSummary> {
  return chargeSummary({ ...(await newSubscriptionInput(deps, body)), asOf });
}

/** POST /billing/subscriptions/compute-renewal-summary: { Total, InvoiceDate }, InvoiceDate null when nothing renews. */
export async function computeRenewalSummary(deps: BillingDeps, body: SubscriptionInput): Promise<RenewalSummary | { Total: 0; InvoiceDate: null }> {
  return renewalSummary(await newSubscriptionInput(deps, body)) ?? { Total: 0, InvoiceDate: null };
}
