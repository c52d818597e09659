import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/create-test-app.ts';
import { createSignupServices } from './signup-services.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

const accounts = { setClientIdentifier: async () => undefined };
const withConfig = (extra: Record<string, unknown>) => companyConfigSchema.parse({ ...loadCompanyConfig(), ...extra });

describe('sign-up services from the config', () => {
  it('refuse a sign-up webhook whose secret variable is not set, naming the variable', () => {
    const config = withConfig({ webhooks: { signup: { url: 'https://crm.example/hooks/signup' } } });
    expect(() => createSignupServices({ config, db: database.db, secrets: {}, accounts })).toThrow(/PORTICO_SIGNUP_WEBHOOK_SECRET/);
    const ok = createSignupServices({ config, db: database.db, secrets: { PORTICO_SIGNUP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, accounts });
    expect(ok.signupWebhookConfigured).toBe(true);
  });

  it('answer Errors.InvalidCredentialsGoogle for a Google token when Google sign-in is not configured', async () => {
    const services = createSignupServices({ config: withConfig({}), db: database.db, secrets: {}, accounts });
    expect(services.signupWebhookConfigured).toBe(false);
    await expect(services.verifyGoogleIdToken('anything')).rejects.toMatchObject({ code: ErrorCode.InvalidCredentialsGoogle });
  });
});
