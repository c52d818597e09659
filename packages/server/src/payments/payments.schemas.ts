import { z } from 'zod';
import { EMAIL_PATTERN } from '@portico/core';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { subscriptionInput } from '../billing/billing.schemas.ts';
import { listQuery } from '../http/list.ts';

/** `pi_…_secret_…` / `seti_…_secret_…`: bounded and plain, so nothing odd reaches a gateway's URL. */
export const clientSecret = z.string().min(10).max(300).regex(/^[A-Za-z0-9_]+$/, 'must be a payment client secret');
const token = z.string().min(3).max(200).regex(/^[A-Za-z0-9_]+$/, 'must be a gateway token');
const email = z.string().trim().max(254).regex(EMAIL_PATTERN, 'must be an email address');

export const intentQuery = z.object({
  accountUid: uidSchema.optional(),
  intentType: z.enum(['setup', 'payment', 'auth']).default('payment'),
  /** Accepted as the spec lists it; the captcha is checked where the registration is submitted. */
  recaptchaToken: z.string().max(4000).optional(),
});

/** Get-intent payload: at sign-up the subscription draft (same body as compute-charge-summary) the server prices itself. */
export const intentBody = z.object({
  Subscription: subscriptionInput.optional(),
  Email: email.optional(),
  /** The intent the widget holds now: kept when it still fits the draft, otherwise cancelled and replaced. */
  ClientSecret: clientSecret.optional(),
});
export type IntentBody = z.infer<typeof intentBody>;

export const intentAnswer = z.object({
  ClientSecret: z.string(),
  CustomerToken: z.string().nullable(),
  IsSetupIntent: z.boolean(),
  IsPaymentAuthentication: z.boolean(),
  OutstandingAmount: z.number(),
  Currency: z.string(),
  PaymentToken: z.string().nullable(),
  Email: z.string().nullable(),
});
export type IntentAnswer = z.infer<typeof intentAnswer>;

export const accountQuery = z.object({ accountUid: uidSchema });
export const setupIntentBody = z.object({ Email: email.optional() });
export const intentAmountQuery = accountQuery.extend({ intentType: z.enum(['auto', 'payment', 'auth']).default('auto') });
export const intentAmountAnswer = z.object({ OutstandingAmount: z.number(), InvoiceUid: z.string().nullable() });

export const cancelIntentBody = z.object({ ClientSecret: clientSecret });
export const cancelIntentAnswer = z.object({ Canceled: z.boolean(), Status: z.string() });

export const setupFailureBody = z.object({ ClientSecret: clientSecret.optional(), Account: z.object({ Uid: uidSchema }).optional() });
export const setupFailureAnswer = z.object({ LatestFailureDateTime: z.string().nullable() });

/** Spec 1 section 7: the save payload is CustomerToken, PaymentClientSecret, PaymentToken, mode and Account.Uid. */
export const savePaymentBody = z.object({
  CustomerToken: token.optional(),
  PaymentClientSecret: clientSecret,
  PaymentToken: token.optional(),
  NameOnCard: z.string().trim().max(200).optional(),
  mode: z.enum(['enter', 'authenticate']).default('enter'),
  Account: z.object({ Uid: uidSchema }),
});
export type SavePaymentBody = z.infer<typeof savePaymentBody>;

export const paymentInformationOut = z.object({
  Uid: z.string(),
  Updated: z.string(),
  LatestFailureDateTime: z.string().nullable(),
  PaymentMethodType: z.string(),
  CardType: z.string().nullable(),
  LastFourDigits: z.string().nullable(),
  ExpirationMonth: z.number().nullable(),
  ExpirationYear: z.number().nullable(),
  BankName: z.string().nullable(),
  BankAccountType: z.string().nullable(),
  NameOnCard: z.string().nullable(),
  PaymentToken: z.string().nullable(),
  CustomerToken: z.string().nullable(),
  Gateway: z.string().nullable(),
});
export type WirePaymentInformation = z.infer<typeof paymentInformationOut>;

export const paymentInformationQuery = listQuery.extend({ accountUid: uidSchema });
export const paymentInformationParams = z.object({ id: uidSchema });

export const gatewayConfigurationOut = z.object({
  Gateway: z.enum(['sandbox', 'stripe']),
  PublishableKey: z.string(),
  ScriptUrl: z.string().nullable(),
  Currency: z.string(),
  PaymentsMode: z.enum(['automatic', 'manual']),
  TaxEnabled: z.boolean(),
});
