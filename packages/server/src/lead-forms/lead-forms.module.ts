import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { leadFormsAdminRoutes } from './lead-forms-admin.routes.ts';
import { LEAD_FORMS_RATE_LIMITS } from './lead-forms.rate-limits.ts';
import { leadFormsRepository } from './lead-forms.repository.ts';
import { leadFormsPublicRoutes } from './lead-forms.routes.ts';

/** Public read and submit, and the admin API behind the admin key. After captcha (app.captcha). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const now = () => ctx.clock.now();
  await leadFormsPublicRoutes(app, { uow: ctx.uow, captcha: app.captcha, now, wakeOutbox: ctx.wakeOutbox });
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await leadFormsAdminRoutes(scope, { uow: ctx.uow, now });
  });
}

/** Lead capture forms (issue 18; docs/lead-forms.md). */
export const leadFormsModule = featureModule({
  name: 'lead-forms', repositories: { leadForms: leadFormsRepository }, routes, rateLimits: LEAD_FORMS_RATE_LIMITS,
});
