import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import { PAYMENTS_RATE_LIMITS } from './payments.rate-limits.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { paymentRecoveryJob } from './payment-recovery.ts';
import { accessTokenOrAdminKeyGuard } from '../http/route-auth.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentsRepository } from './payments.repository.ts';
import { registerPayments } from './register-payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway and what sign-up and plan changes charge (registration takes it). */
    payments: PaymentsDeps;
  }
}

/** Sign-up calls public and rate limited, account calls behind a member's token or the admin key, the gateway's webhook or sandbox pages. After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const accountGuard = accessTokenOrAdminKeyGuard(app.auth.guard, ctx.adminGuard);
  const payments = await registerPayments(app, { db: ctx.db, billing: ctx.billing, gateway: ctx.paymentGateway, accountGuard, allowedOrigins: ctx.allowedOrigins, adminGuard: ctx.adminGuard, wakeOutbox: ctx.wakeOutbox });
  app.decorate('payments', payments);
}

/** Captures what committed sign-ups authorized and releases what no sign-up owns (payment-recovery.ts; docs/payments.md). */
function periodicJobs(ctx: JobsContext): PeriodicJob[] {
  return [paymentRecoveryJob({ gateway: ctx.paymentGateway, store: unitOfWork(ctx.db), wakeOutbox: ctx.wakeOutbox })];
}

/** Payments (src/feature-module.ts): intents, payments and payment information. */
export const paymentsModule = featureModule({
  name: 'payments',
  repositories: { payments: paymentsRepository },
  routes,
  periodicJobs,
  rateLimits: PAYMENTS_RATE_LIMITS,
});
