import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { viaGateway } from './gateway-errors.ts';
import { intentIdFromClientSecret, type GatewayIntent } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { PaymentIntentRow } from './payments.repository.ts';

/** An unknown intent's answer, also given for another account's intent (account-access.ts). */
export const INTENT_NOT_FOUND = { code: ErrorCode.PaymentIntentNotFound };

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * An intent this server made, proven by its whole client secret (the id inside it is not enough):
 * our record and the gateway's current state. 404 for an unknown intent or a wrong secret alike,
 * so a guess learns nothing.
 */
export async function findOwnIntent(deps: Pick<PaymentsDeps, 'gateway' | 'store'>, clientSecret: string): Promise<{ row: PaymentIntentRow; intent: GatewayIntent }> {
  const id = intentIdFromClientSecret(clientSecret);
  const row = id ? await deps.store.payments.findIntent(deps.gateway.name, id) : null;
  if (!row) throw new AppError(ErrorCode.PaymentIntentNotFound);
  const intent = await viaGateway(() => deps.gateway.retrieveIntent(row.gatewayIntentId));
  if (!sameSecret(intent.clientSecret, clientSecret)) throw new AppError(ErrorCode.PaymentIntentNotFound);
  return { row, intent };
}
