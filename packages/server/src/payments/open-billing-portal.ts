import { ErrorCode } from '@portico/core';
import { requirePrimary } from '../accounts/account-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requireSiteUrl } from '../http/site-url.ts';
import { viaGateway } from './gateway-errors.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { PortalSessionAnswer, PortalSessionQuery } from './billing-portal.schemas.ts';

export interface BillingPortalDeps extends Pick<PaymentsDeps, 'config' | 'gateway' | 'store'> {
  /** The company's site origins (CORS's list): the only places the portal may send the person back to. */
  allowedOrigins: ReadonlySet<string>;
}

const unavailable = (message: string) => new AppError(ErrorCode.BillingPortalUnavailable, message);

/**
 * POST /billing/stripe/portal/sessions (spec 2 sections 2 and 9): a session of the payment
 * provider's customer portal for the account's customer there, where its primary contact fixes a
 * past-due account. Only the primary contact may open it (the portal changes billing); another
 * account's uid answers as an unknown one. It exists only where the provider does the billing
 * (billing.system Stripe), with either gateway: Stripe's hosted portal, or the sandbox's plain page (its Url is
 * then a path on this server, which the widget resolves against the server). Native billing: 409 Errors.BillingPortalUnavailable.
 */
export async function openBillingPortal(deps: BillingPortalDeps, caller: Caller, query: PortalSessionQuery): Promise<PortalSessionAnswer> {
  const me = requirePrimary(caller, query.accountUid);
  if (!(await deps.store.payments.accountExists(me.accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  if (deps.config.billing.system !== 'Stripe') throw unavailable("This company's billing is not with the payment provider, so it has no customer portal.");
  const returnUrl = requireSiteUrl(query.returnUrl, deps.allowedOrigins, 'querystring.returnUrl', "returnUrl must be a page on one of the company's site origins.");
  // The customer the account's saved method lives on at the provider (create-intent.ts reuses the same one).
  const saved = (await deps.store.payments.paymentInformationOf(me.accountUid)).find((p) => p.gateway === deps.gateway.name && p.customerToken);
  if (!saved?.customerToken) throw unavailable('This account has no customer at the payment provider yet.');
  try {
    const session = await viaGateway(() => deps.gateway.createPortalSession(saved.customerToken!, returnUrl.toString()));
    return { Url: session.url };
  } catch (err) {
    // The customer was deleted at Stripe: nothing the caller can retry, and not a payment intent (viaGateway's 404).
    if (err instanceof AppError && err.code === ErrorCode.PaymentIntentNotFound) throw unavailable('The payment provider no longer has this account\'s customer.');
    throw err;
  }
}
