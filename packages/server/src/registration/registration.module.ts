import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { REGISTRATION_RATE_LIMITS } from './registration.rate-limits.ts';
import { registrationRoutes } from './registration.routes.ts';
import { confirmationMailRoutes } from './confirmation-mail.routes.ts';
import { signupPayments } from './signup-payments.ts';
import { emailTokensRepository } from './email-tokens.repository.ts';
import { noncesRepository } from './nonces.repository.ts';
import { nonceSweepJob } from './nonce-sweep.ts';

/**
 * Nonce, email check, validate, register, confirm; 'Send the link again' for a sign-in refused until
 * the email is confirmed. After auth, captcha, Google and payments (app.auth, app.captcha, app.google, app.payments).
 */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => registrationRoutes(scope, {
    billing: ctx.billing, uow: ctx.uow, captcha: app.captcha, verifyGoogleIdToken: app.google.verifyIdToken, payments: signupPayments(app.payments),
    mailer: ctx.mailer, signupWebhookConfigured: ctx.signupWebhook !== undefined, allowedOrigins: ctx.allowedOrigins, wakeOutbox: ctx.wakeOutbox,
    auth: ctx.config.auth, tokens: app.auth.tokens,
  }));
  await app.register(async (scope) => confirmationMailRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, config: ctx.config, mailer: ctx.mailer, allowedOrigins: ctx.allowedOrigins, wakeOutbox: ctx.wakeOutbox,
  }));
}

/** Registration (src/feature-module.ts): nonces and mailed-link tokens, and the nonce sweep. */
export const registrationModule = featureModule({
  name: 'registration',
  routes,
  repositories: { nonces: noncesRepository, emailTokens: emailTokensRepository },
  periodicJobs: ({ db }) => [nonceSweepJob({ repo: noncesRepository(db) })],
  rateLimits: REGISTRATION_RATE_LIMITS,
});
