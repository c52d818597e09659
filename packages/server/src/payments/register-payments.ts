import type { FastifyInstance } from 'fastify';
import type { Guard } from '../http/route-auth.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { computeChargeSummary } from '../billing/compute-charge-summary.ts';
import { previewChange } from '../billing/prepare-change.ts';
import { nextPayment } from '../billing/next-payment.ts';
import type { Db } from '../db/database.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentRoutes } from './payments.routes.ts';
import { billingPortalRoutes } from './billing-portal.routes.ts';
import { providerBillingRoutes } from './provider-billing.routes.ts';
import { sandboxProvider } from './sandbox/sandbox-provider.ts';
import { sandboxRepository } from './sandbox/sandbox.repository.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { sandboxBilling } from './sandbox/sandbox-billing.ts';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes.ts';

export interface PaymentsSetup {
  db: Db;
  billing: BillingDeps;
  /** The configured gateway (app.ts makes it once: the routes and payment recovery share it). */
  gateway: PaymentGateway;
  /** A member's access token or the admin key (route-auth.ts accessTokenOrAdminKeyGuard). */
  accountGuard: Guard;
  /** Origins the sandbox's authentication step may return to (CORS's list). */
  allowedOrigins: ReadonlySet<string>;
  /** The admin key's guard: the sandbox's dashboard calls (creating a provider subscription) take it. */
  adminGuard: Guard;
  /** After a commit that wrote outbox messages (a saved card's retry of invoices in dunning). */
  wakeOutbox?: () => void;
}

/** The payment routes of spec 1 section 7, the webhook of the configured gateway, and the sandbox's provider side when it is the gateway. */
export async function registerPayments(app: FastifyInstance, setup: PaymentsSetup): Promise<PaymentsDeps> {
  const { billing, db } = setup;
  const { gateway } = setup;
  const deps: PaymentsDeps = {
    config: billing.config, clock: billing.clock, gateway, store: billing.uow, wakeOutbox: setup.wakeOutbox,
    signupDueNow: async (subscription) => (await computeChargeSummary(billing, subscription, 'now')).Total,
    changeDueNow: async (caller, uid, subscription) => (await previewChange(billing, caller, uid, subscription, 'now')).Total,
    paymentToCome: async (accountUid) => {
      const next = await nextPayment(billing, billing.uow, accountUid);
      if (!next || next.Total <= 0) return null;
      const plan = (await billing.snapshots.get()).plans.get(next.PlanUid);
      return { total: next.Total, planName: plan?.Name ?? 'current' };
    },
  };
  await app.register(async (scope) => paymentRoutes(scope, deps, setup.accountGuard));
  // The provider's customer portal is the account owner's, in a browser: the access-token guard alone (registerAuth's).
  await app.register(async (scope) => billingPortalRoutes(scope, { ...deps, allowedOrigins: setup.allowedOrigins }, app.auth.guard));
  await app.register(async (scope) => providerBillingRoutes(scope, deps, app.auth.guard));
  if (gateway.name === 'stripe') await app.register(async (scope) => stripeWebhookRoutes(scope, deps));
  if (gateway.name === 'sandbox') {
    const provider = sandboxProvider({ repo: sandboxRepository(db), clock: billing.clock, companyUid: billing.config.company.uid, allowedOrigins: setup.allowedOrigins });
    const sandboxBillingRoutes = { billing: sandboxBilling(sandboxRepository(db)), clock: billing.clock, company: billing.config.company.name, adminGuard: setup.adminGuard };
    await app.register(async (scope) => sandboxRoutes(scope, provider, sandboxBillingRoutes));
  }
  return deps;
}
