import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { EMAIL_CHANGE_RATE_LIMITS } from './email-change.rate-limits.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { emailChangeMailHandler, emailChangeNoticeHandler } from './email-change-mail.ts';

/** Changing the email: the password, a link to the new address, a notice with an undo to the old one. After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => emailChangeRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, config: ctx.config, mailer: ctx.mailer, allowedOrigins: ctx.allowedOrigins, wakeOutbox: ctx.wakeOutbox, guard: app.auth.guard,
  }));
}

/** Email change (src/feature-module.ts): the link to the new address and the notice (with its undo) to the old one. */
export const emailChangeModule = featureModule({
  name: 'email-change',
  routes,
  outboxTopics: ({ mail }) => ({ 'mail.email-change': emailChangeMailHandler(mail), 'mail.email-change-notice': emailChangeNoticeHandler(mail) }),
  rateLimits: EMAIL_CHANGE_RATE_LIMITS,
});
