import type { InitSettings } from '@portico/core';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { sandboxPublishableKey } from './sandbox/sandbox-ids.ts';

/** The startup settings' view of the gateway: which card entry the widget shows, and its public key. */
export function gatewaySettings(config: CompanyConfig): Pick<InitSettings['PaymentSettings'], 'GatewayActivationStatus' | 'PublishableKey'> {
  if (config.payments.gateway === 'stripe') return { GatewayActivationStatus: 'StripeEnabled', PublishableKey: config.payments.stripe!.publishableKey };
  return { GatewayActivationStatus: 'SandboxEnabled', PublishableKey: sandboxPublishableKey(config.company.uid) };
}
