import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { companyConfigSchema, type CompanyConfig } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { readEnv } from '../config/env.ts';
import { DEMO_CONFIG_PATH } from '../paths.ts';
import { startServer } from '../start-server.ts';
import { readPaymentSecrets } from './gateway-from-config.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portico-payments-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const demo = loadCompanyConfig();
const withPayments = (payments: unknown): CompanyConfig => companyConfigSchema.parse({ ...demo, payments });
const STRIPE = { gateway: 'stripe', stripe: { publishableKey: 'pk_test_abc123' } };

describe('the payments block of the company config', () => {
  it('defaults to the sandbox; Stripe needs its block, and a publishable key that looks like one', () => {
    expect(companyConfigSchema.parse({ company: { name: 'X' } }).payments).toEqual({ gateway: 'sandbox', sandboxInProduction: false });
    const missing = companyConfigSchema.safeParse({ company: { name: 'X' }, payments: { gateway: 'stripe' } });
    expect(missing.error?.issues[0]?.path).toEqual(['payments', 'stripe']);
    const secretInFile = companyConfigSchema.safeParse({ company: { name: 'X' }, payments: { gateway: 'stripe', stripe: { publishableKey: 'sk_live_oops' } } });
    expect(secretInFile.success).toBe(false);
    const envValue = companyConfigSchema.safeParse({ company: { name: 'X' }, payments: { ...STRIPE, stripe: { ...STRIPE.stripe, secretKeyEnv: 'sk_live_123' } } });
    expect(envValue.error?.issues[0]?.message).toContain('NAME of an environment variable');
  });
});

describe('readPaymentSecrets (start-up)', () => {
  const sandbox = withPayments({ gateway: 'sandbox' });

  it('refuses the sandbox in production unless the config turns it on by name', () => {
    expect(() => readPaymentSecrets(sandbox, 'production', {})).toThrow(/payments\.sandboxInProduction: true/);
    expect(readPaymentSecrets(withPayments({ gateway: 'sandbox', sandboxInProduction: true }), 'production', {})).toEqual({});
    expect(readPaymentSecrets(sandbox, 'development', {})).toEqual({});
  });

  it('reads Stripe\'s secrets from the variables the config names, and says which one is missing', () => {
    const config = withPayments(STRIPE);
    expect(() => readPaymentSecrets(config, 'development', {})).toThrow('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set');
    expect(() => readPaymentSecrets(config, 'development', { STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET is not set');
    const named = withPayments({ ...STRIPE, stripe: { ...STRIPE.stripe, secretKeyEnv: 'ACME_STRIPE_KEY' } });
    expect(readPaymentSecrets(named, 'development', { ACME_STRIPE_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }))
      .toEqual({ stripeSecretKey: 'sk_test_1', stripeWebhookSecret: 'whsec_1' });
    expect(() => readPaymentSecrets(config, 'production', { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/different modes/);
  });

  it('a production server with the sandbox and no opt-in does not start, and says what to change', async () => {
    const file = path.join(root, 'company.yaml');
    writeFileSync(file, readFileSync(DEMO_CONFIG_PATH, 'utf8').replace(/^ {2}sandboxInProduction: true\n/m, ''));
    expect(loadCompanyConfig(file).payments).toEqual({ gateway: 'sandbox', sandboxInProduction: false });
    const start = startServer(readEnv({
      PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', PORTICO_CONFIG: file, PORTICO_DATA_DIR: path.join(root, 'data'),
      PORTICO_PUBLIC_URL: 'http://portico.internal:8080',
      // No database is reachable there: the start must stop at the config, before needing one.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    }), { widgetDist: path.join(root, 'no-widget') });
    await expect(start).rejects.toThrow(/payments\.gateway is 'sandbox' in production/);
  });
});
