import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { preHandlerLimit } from '../http/rate-limits.ts';
import { featureModule, type AppContext } from '../feature-module.ts';
import { PASSWORDS_RATE_LIMITS } from './passwords.rate-limits.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { passwordHistoryRepository } from './password-history.repository.ts';
import { passwordResetMailHandler } from './password-reset-mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgot password's limits, made once so members' and the console's forgot password count on the same counters (issue 20). */
    passwords: { forgotLimits: preHandlerHookHandler[] };
  }
}

/** Forgot and reset password (mail through the outbox) and PUT /profile/password. After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const forgotLimits = [preHandlerLimit(app, PASSWORDS_RATE_LIMITS.forgotPasswordPerAddress), preHandlerLimit(app, PASSWORDS_RATE_LIMITS.forgotPasswordPerEmail)];
  app.decorate('passwords', { forgotLimits });
  await app.register(async (scope) => passwordResetRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, config, auth: config.auth, tokens: app.auth.tokens, guard: app.auth.guard, policy: config.passwordPolicy,
    mailer: ctx.mailer, allowedOrigins: ctx.allowedOrigins, wakeOutbox: ctx.wakeOutbox, forgotLimits,
    verifyGoogleIdToken: app.google.enabled ? app.google.verifyIdToken : null,
  }));
}

/** Passwords (src/feature-module.ts): the history of hashes and the forgot-password mail. */
export const passwordsModule = featureModule({
  name: 'passwords',
  routes,
  repositories: { passwordHistory: passwordHistoryRepository },
  outboxTopics: ({ mail }) => ({ 'mail.password-reset': passwordResetMailHandler(mail) }),
  rateLimits: PASSWORDS_RATE_LIMITS,
});
