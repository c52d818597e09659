import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { captchaSolutionsSweepJob } from './captcha-solutions-sweep.ts';
import { createCaptcha, type CaptchaVerifier } from './captcha.ts';
import { captchaSolutionsRepository } from './captcha-solutions.repository.ts';
import { captchaRoutes } from './captcha.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-up captcha the config names (ALTCHA, reCAPTCHA, Turnstile or none). */
    captcha: CaptchaVerifier;
  }
}

/** The captcha (app.captcha) and GET /captcha/challenge. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const captcha = createCaptcha(ctx.config.captcha, {
    // PORTICO_CAPTCHA_HMAC_KEY; absent, a key is made for this process (start-server warns, and refuses in production).
    hmacKey: ctx.captchaHmacKey ?? randomBytes(32).toString('base64url'),
    secrets: ctx.secrets,
    used: captchaSolutionsRepository(ctx.db),
  });
  app.decorate('captcha', captcha);
  await app.register(async (scope) => captchaRoutes(scope, { captcha }));
}

function periodicJobs(ctx: JobsContext): PeriodicJob[] {
  return [captchaSolutionsSweepJob({ repo: captchaSolutionsRepository(ctx.db) })];
}

/** Captcha (src/feature-module.ts). */
export const captchaModule = featureModule({ name: 'captcha', routes, periodicJobs });
