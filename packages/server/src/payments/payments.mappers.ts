import { toMajor } from '@portico/core';
import type { GatewayIntent } from './payment-gateway.ts';
import type { PaymentInformationRow } from './payments.repository.ts';
import type { IntentAnswer, WirePaymentInformation } from './payments.schemas.ts';

/** Spec 1 section 3 "Payment intent", amounts in major units like every answer. */
export function intentToWire(intent: GatewayIntent, opts: { isPaymentAuthentication: boolean; email: string | null }): IntentAnswer {
  return {
    ClientSecret: intent.clientSecret,
    CustomerToken: intent.customerToken,
    IsSetupIntent: intent.kind === 'setup',
    IsPaymentAuthentication: opts.isPaymentAuthentication,
    OutstandingAmount: toMajor(intent.amountMinor, intent.currency),
    Currency: intent.currency,
    PaymentToken: intent.paymentMethod?.token ?? null,
    Email: opts.email,
  };
}

/** Spec 1 section 3 "Payment information". */
export function paymentInformationToWire(row: PaymentInformationRow): WirePaymentInformation {
  return {
    Uid: row.uid,
    Updated: row.updated.toISOString(),
    LatestFailureDateTime: row.latestFailureDateTime?.toISOString() ?? null,
    PaymentMethodType: row.paymentMethodType,
    CardType: row.cardType,
    LastFourDigits: row.lastFourDigits,
    ExpirationMonth: row.expirationMonth,
    ExpirationYear: row.expirationYear,
    BankName: row.bankName,
    BankAccountType: row.bankAccountType,
    NameOnCard: row.nameOnCard,
    PaymentToken: row.paymentToken,
    CustomerToken: row.customerToken,
    Gateway: row.gateway,
  };
}
