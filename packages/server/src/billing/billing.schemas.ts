import { z } from 'zod';
import { BILLING_RENEWAL_TERMS } from '@portico/core';
import { MAX_QUANTITY } from '@portico/core/billing/index';
import { addOnOut, couponOut, planOut, uidSchema } from '../catalog/catalog.schemas.ts';
import { FIELDS_PATTERN } from '../http/fields.ts';
import { listQuery } from '../http/list.ts';

/**
 * Wire schemas of the billing API (spec 1 section 7): PascalCase, money in
 * major units, dates as ISO strings. Request bodies strip unknown keys, so the
 * widget may send back a subscription it received (with its client flags).
 */
const ref = z.object({ Uid: uidSchema });
const term = z.enum(BILLING_RENEWAL_TERMS);
/**
 * Any finite number here: core's validateSubscriptionRequest gives the field errors (fraction, negative, below the
 * minimum, above MAX_QUANTITY) with the spec's codes and messages, which a zod bound would replace with a generic one.
 */
const quantity = z.number().finite().describe(`A whole number from 0 to ${MAX_QUANTITY}; otherwise 400 Errors.QuantityInvalid or Errors.QuantityAboveMaximum`);
/** An ISO date or timestamp; its range (1990-01-01..2099-12-31) is a billing rule (Errors.DateOutOfRange). */
export const isoDateInput = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
export const fieldsParam = z.string().max(2000).regex(FIELDS_PATTERN, 'must be a comma list of dotted field paths').optional();

export const addressInput = z.object({
  AddressLine1: z.string().max(200).nullable().optional(),
  AddressLine2: z.string().max(200).nullable().optional(),
  AddressLine3: z.string().max(200).nullable().optional(),
  City: z.string().max(100).nullable().optional(),
  State: z.string().max(100).nullable().optional(),
  PostalCode: z.string().max(20).nullable().optional(),
  Country: z.string().max(100).nullable().optional(),
});

export const subscriptionAddOnInput = z.object({
  AddOn: ref,
  Quantity: quantity.default(1),
  BillingRenewalTerm: term.nullable().optional(),
  /** Widget client flag: an unselected add-on is ignored. */
  selected: z.boolean().optional(),
});

export const couponRefInput = z.object({
  DiscountCoupon: z.object({ Uid: uidSchema.optional(), UniqueIdentifier: z.string().trim().min(1).max(40).optional() })
    .refine((c) => c.Uid !== undefined || c.UniqueIdentifier !== undefined, 'give Uid or UniqueIdentifier'),
});

/** A subscription as sent by the widget: new (compute) or the wanted state of an existing one (change, preview). */
export const subscriptionInput = z.object({
  Uid: uidSchema.optional(),
  Plan: ref,
  Quantity: quantity.default(0),
  BillingRenewalTerm: term,
  StartDate: isoDateInput.nullable().optional(),
  SubscriptionAddOns: z.array(subscriptionAddOnInput).max(100).default([]),
  /** Absent: keep the subscription's coupon (change) or none (new). Empty: no coupon. */
  DiscountCouponSubscriptions: z.array(couponRefInput).max(5).optional(),
  /** For tax only, and only on a new subscription (compute routes): a change or preview always uses the stored account. */
  Account: z.object({
    Uid: uidSchema.optional(),
    BillingAddress: addressInput.nullable().optional(),
    TaxStatus: z.string().max(40).nullable().optional(),
  }).optional(),
});
export type SubscriptionInput = z.infer<typeof subscriptionInput>;

/** A change's body: the subscription wanted, and the intent the customer authenticated when the bank asked (docs/payments.md "Plan change payment"). */
export const changeSubscriptionInput = subscriptionInput.extend({
  PaymentClientSecret: z.string().trim().min(10).max(300).optional()
    .describe('The client secret of the payment intent the customer authenticated after a 402 Errors.PaymentAuthenticationRequired (or paid on-session through POST /billing/paymentinformation/intent); the server checks the account, the amount and that it is unused'),
});
export type ChangeSubscriptionInput = z.infer<typeof changeSubscriptionInput>;

export const asOfQuery = z.object({ asOf: z.enum(['now', 'renewal']).default('now') });
export const subscriptionParams = z.object({ id: uidSchema });
export const fieldsQuery = z.object({ fields: fieldsParam });

// --- Responses -------------------------------------------------------------
export const invoiceDisplayItemOut = z.object({
  // The literals of core's LineItemType, so the widget's generated types carry the union, not a number.
  LineItemType: z.literal([1, 2, 3, 4, 5, 6, 7, 8]),
  LineItemEntityUid: z.string().nullable(),
  Description: z.string(),
  Amount: z.number(),
  Tax: z.number(),
  Total: z.number(),
  StartDate: z.string().nullable(),
  EndDate: z.string().nullable(),
});
export const chargeSummaryOut = z.object({
  InvoiceDate: z.string(),
  Total: z.number(),
  TaxBehavior: z.enum(['inclusive', 'exclusive']),
  InvoiceDisplayItems: z.array(invoiceDisplayItemOut),
});
export const renewalSummaryOut = z.object({ Total: z.number(), InvoiceDate: z.string().nullable() });

const dateOut = z.string().nullable();
export const discountCouponSubscriptionOut = z.object({
  Uid: z.string(), DiscountCoupon: couponOut, StartDate: z.string(), ExpireDate: dateOut,
});
export const subscriptionOut = z.object({
  Uid: z.string(),
  Account: z.object({ Uid: z.string() }),
  Plan: planOut,
  Quantity: z.number(),
  BillingRenewalTerm: term,
  StartDate: z.string(),
  EndDate: dateOut,
  ExpirationDate: dateOut,
  RenewalDate: dateOut,
  SubscriptionAddOns: z.array(z.object({
    Uid: z.string(), AddOn: addOnOut, Quantity: z.number(), BillingRenewalTerm: term, StartDate: z.string(), EndDate: dateOut, RenewalDate: dateOut,
  })),
  DiscountCouponSubscriptions: z.array(discountCouponSubscriptionOut),
  CurrentDiscountCouponSubscriptions: z.array(discountCouponSubscriptionOut),
  NewRequiredQuantity: z.number().nullable(),
  IsPlanUpgradeRequired: z.boolean(),
  PlanUpgradeRequiredMessage: z.string().nullable(),
});
export type WireSubscription = z.infer<typeof subscriptionOut>;

export const plansQuery = listQuery.extend({
  IsActive: z.enum(['true', 'false']).optional(),
  'PlanFamily.Uid': uidSchema.optional(),
  fields: fieldsParam,
});
export const subscriptionsQuery = listQuery.extend({
  'Account.Uid': uidSchema.optional(),
  'Person.Uid': uidSchema.optional(),
  current: z.enum(['0', '1', 'true', 'false']).optional(),
  fields: fieldsParam,
});
