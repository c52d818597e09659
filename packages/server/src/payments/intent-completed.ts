import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { GatewayIntent, GatewayPaymentMethod } from './payment-gateway.ts';

/**
 * The method of an intent the customer completed: a setup that succeeded, or a payment that was
 * taken or authorized (requires_capture). Anything else is Errors.PaymentInformationSetupFailed
 * with the provider's message when there is one.
 */
export function completedMethod(intent: GatewayIntent): GatewayPaymentMethod {
  const done = intent.kind === 'setup' ? intent.status === 'succeeded' : intent.status === 'succeeded' || intent.status === 'requires_capture';
  if (!done || !intent.paymentMethod) {
    throw new AppError(ErrorCode.PaymentInformationSetupFailed, intent.lastError ?? undefined);
  }
  return intent.paymentMethod;
}
