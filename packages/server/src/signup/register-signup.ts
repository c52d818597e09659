import type { FastifyInstance } from 'fastify';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { Db } from '../db/database.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { captchaRoutes } from '../captcha/captcha.routes.ts';
import { enumsRoutes } from '../enums/enums.routes.ts';
import { createSignupServices, type SignupServices, type SignupServicesOptions } from './signup-services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captcha, Google sign-in and the outbox worker (start-server starts it once migrations ran). */
    signup: SignupServices;
  }
}

export interface RegisterSignupOptions {
  config: CompanyConfig;
  db: Db;
  captchaHmacKey?: string | undefined;
  secrets: Record<string, string | undefined>;
  outbox?: SignupServicesOptions['outbox'];
  mail?: SignupServicesOptions['mail'];
  teamMembership?: SignupServicesOptions['teamMembership'];
  signInCodes?: SignupServicesOptions['signInCodes'];
}

/**
 * The sign-up services and their public routes: GET /captcha/challenge, the /enums lists and their
 * static file. Returns the services for the registration route; the outbox stops when the app closes.
 */
export async function registerSignup(app: FastifyInstance, options: RegisterSignupOptions): Promise<SignupServices> {
  const services = createSignupServices({
    ...options,
    accounts: accountsRepository(options.db),
    outbox: { log: app.log, ...options.outbox },
  });
  app.decorate('signup', services);
  // Stopped before the database closes (start-server closes the app first): deliveries in flight are retried later.
  app.addHook('onClose', () => services.outbox.stop());
  await app.register(async (scope) => {
    await captchaRoutes(scope, services);
    await enumsRoutes(scope, { taxIdTypes: options.config.billing.taxIdTypes, cacheSeconds: options.config.staticConfigCacheSeconds });
  });
  return services;
}
