import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { GatewayError } from './payment-gateway.ts';

/** A gateway's refusal in the one error shape; the provider's own message reaches the customer where it is meant for them. */
export function fromGatewayError(err: GatewayError): AppError {
  switch (err.kind) {
    case 'declined': return new AppError(ErrorCode.CardDeclined, err.message);
    case 'not_found': return new AppError(ErrorCode.PaymentIntentNotFound);
    case 'invalid': return new AppError(ErrorCode.PaymentInformationSetupFailed, err.message, [], 400);
    case 'signature': return new AppError(ErrorCode.ValidationFailed, 'The webhook signature does not verify.', [], 400);
    default: return new AppError(ErrorCode.PaymentGatewayUnavailable);
  }
}

/** Runs one gateway call, turning its GatewayError into an AppError; anything else stays a 500. */
export async function viaGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayError) throw fromGatewayError(err);
    throw err;
  }
}
