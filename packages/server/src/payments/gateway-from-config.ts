import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { Db } from '../db/database.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { sandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRepository } from './sandbox/sandbox.repository.ts';
import type { StripeGatewayOptions } from './stripe/stripe-gateway.ts';

export interface PaymentSecrets {
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
}

/**
 * Start-up check of the config's `payments` block against the environment; throws a message
 * naming what to change. The sandbox takes no money, so production runs it only when the
 * company config asks for it by name (`payments.sandboxInProduction: true`, a public demo).
 */
export function readPaymentSecrets(config: CompanyConfig, nodeEnv: string, source: Record<string, string | undefined>): PaymentSecrets {
  const p = config.payments;
  if (p.gateway === 'sandbox') {
    if (nodeEnv === 'production' && !p.sandboxInProduction) {
      throw new Error(
        "payments.gateway is 'sandbox' in production: the sandbox accepts test cards and takes no money. "
        + "Configure payments.gateway: stripe, or, for a public demo, set payments.sandboxInProduction: true in the company config.",
      );
    }
    return {};
  }
  const stripe = p.stripe!;
  const secretKey = source[stripe.secretKeyEnv];
  const webhookSecret = source[stripe.webhookSecretEnv];
  const missing = [!secretKey && stripe.secretKeyEnv, !webhookSecret && stripe.webhookSecretEnv].filter(Boolean);
  if (missing.length) throw new Error(`payments.gateway is 'stripe' but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set in the environment.`);
  if (nodeEnv === 'production' && secretKey!.startsWith('sk_test_') !== stripe.publishableKey.startsWith('pk_test_')) {
    throw new Error('payments.stripe.publishableKey and the Stripe secret key are from different modes (one test, one live).');
  }
  return { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret };
}

/**
 * The gateway the config names: the sandbox over this database, or Stripe with the secrets read at
 * start-up. Stripe's SDK is imported only when it is the gateway (it costs start-up time otherwise).
 */
export async function createPaymentGateway(config: CompanyConfig, db: Db, secrets: PaymentSecrets, stripeApi?: StripeGatewayOptions['api']): Promise<PaymentGateway> {
  if (config.payments.gateway === 'sandbox') return sandboxGateway(sandboxRepository(db), { companyUid: config.company.uid });
  if (!secrets.stripeSecretKey || !secrets.stripeWebhookSecret) throw new Error('The Stripe gateway needs its secret key and webhook secret (readPaymentSecrets).');
  const { stripeGateway } = await import('./stripe/stripe-gateway.ts');
  return stripeGateway({
    secretKey: secrets.stripeSecretKey, webhookSecret: secrets.stripeWebhookSecret, publishableKey: config.payments.stripe!.publishableKey,
    currency: config.company.currency, api: stripeApi,
  });
}
