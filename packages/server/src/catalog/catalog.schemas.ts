import { z } from 'zod';
import {
  ACCOUNT_REGISTRATION_MODES, BILLING_ADD_ON_TYPES, COUPON_DURATIONS, END_OF_TIME, MAX_AMOUNT_MAJOR, START_OF_TIME,
} from '@portico/core';
import { MAX_QUANTITY } from '@portico/core/billing/index';

/**
 * Wire schemas of the billing catalogue (PascalCase, money in major units).
 * The same input schemas validate the company config file and the admin API,
 * so a plan is checked by one rule set wherever it comes from.
 */
const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');
const money = z.number().finite().nonnegative().max(MAX_AMOUNT_MAJOR)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most 2 decimals');
const nullableMoney = money.nullable().optional();
const isoDate = z.iso.date().refine((d) => d >= START_OF_TIME && d <= END_OF_TIME, `must be between ${START_OF_TIME} and ${END_OF_TIME}`);
const isoDateTime = z.iso.datetime({ offset: true }).refine((d) => d.slice(0, 10) >= START_OF_TIME && d.slice(0, 10) <= END_OF_TIME, `must be between ${START_OF_TIME} and ${END_OF_TIME}`);
const ref = z.object({ Uid: uid }).strict();
const name = z.string().trim().min(1).max(200);

export const uidSchema = uid;

/** Update bodies keep what is not sent: the same fields with their defaults removed. */
function withoutDefaults<T extends z.ZodRawShape>(shape: T): T {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v instanceof z.ZodDefault ? v.unwrap() : v])) as T;
}

const familyFields = {
  Uid: uid.optional(),
  Name: name,
  IsDefault: z.boolean().default(false),
  IsActive: z.boolean().default(true),
};
export const planFamilyInput = z.object(familyFields).strict();
export const planFamilyUpdate = z.object(withoutDefaults(familyFields)).partial().strict();

const addOnFields = {
  Uid: uid.optional(),
  Name: name,
  UnitOfMeasure: z.string().max(60).nullable().optional(),
  BillingAddOnType: z.enum(BILLING_ADD_ON_TYPES).default('Recurring'),
  IsQuantityEditable: z.boolean().default(false),
  MinimumQuantity: z.number().int().min(0).max(MAX_QUANTITY).default(0),
  IsBilledDuringTrial: z.boolean().default(false),
  IsActive: z.boolean().default(true),
  MonthlyRate: nullableMoney,
  QuarterlyRate: nullableMoney,
  AnnualRate: nullableMoney,
  OneTimeRate: nullableMoney,
  SetupFee: nullableMoney,
};

const hasRate = (v: { MonthlyRate?: number | null; QuarterlyRate?: number | null; AnnualRate?: number | null; OneTimeRate?: number | null }) =>
  [v.MonthlyRate, v.QuarterlyRate, v.AnnualRate, v.OneTimeRate].some((r) => r !== null && r !== undefined);

export const addOnInput = z.object(addOnFields).strict()
  .refine(hasRate, { message: 'at least one of MonthlyRate, QuarterlyRate, AnnualRate, OneTimeRate is required', path: ['MonthlyRate'] });
export const addOnUpdate = z.object(withoutDefaults(addOnFields)).partial().strict();

const planFields = {
  Uid: uid.optional(),
  Name: name,
  Description: z.string().max(20_000).nullable().optional(),
  PlanFamily: ref,
  IsActive: z.boolean().default(true),
  IsDefault: z.boolean().default(false),
  IsQuantityEditable: z.boolean().default(false),
  IsPerUser: z.boolean().default(false),
  MinimumQuantity: z.number().int().min(0).max(MAX_QUANTITY).default(0),
  MaximumPeople: z.number().int().min(1).max(MAX_QUANTITY).nullable().optional(),
  MonthlyRate: nullableMoney,
  QuarterlyRate: nullableMoney,
  AnnualRate: nullableMoney,
  OneTimeRate: nullableMoney,
  SetupFee: nullableMoney,
  UnitOfMeasure: z.string().max(60).nullable().optional(),
  UnitOfMeasurePlural: z.string().max(60).nullable().optional(),
  TrialPeriodDays: z.number().int().min(1).max(3650).nullable().optional(),
  TrialUntilDate: isoDate.nullable().optional(),
  RequirePaymentInformation: z.boolean().default(false),
  AccountRegistrationMode: z.enum(ACCOUNT_REGISTRATION_MODES).default('Individual'),
  PlanAddOns: z.array(z.object({ AddOn: ref, IsUserSelectable: z.boolean().default(true) }).strict()).max(100).default([]),
};

const minNotAboveMax = (v: { MinimumQuantity?: number; MaximumPeople?: number | null }) =>
  v.MaximumPeople == null || v.MinimumQuantity === undefined || v.MinimumQuantity <= v.MaximumPeople;
const oneTrialKind = (v: { TrialPeriodDays?: number | null; TrialUntilDate?: string | null }) => !(v.TrialPeriodDays != null && v.TrialUntilDate != null);

export const planInput = z.object(planFields).strict()
  .refine(hasRate, { message: 'at least one of MonthlyRate, QuarterlyRate, AnnualRate, OneTimeRate is required', path: ['MonthlyRate'] })
  .refine(minNotAboveMax, { message: 'MinimumQuantity must not exceed MaximumPeople', path: ['MinimumQuantity'] })
  .refine(oneTrialKind, { message: 'give TrialPeriodDays or TrialUntilDate, not both', path: ['TrialUntilDate'] });
export const planUpdate = z.object(withoutDefaults(planFields)).partial().strict()
  .refine(minNotAboveMax, { message: 'MinimumQuantity must not exceed MaximumPeople', path: ['MinimumQuantity'] })
  .refine(oneTrialKind, { message: 'give TrialPeriodDays or TrialUntilDate, not both', path: ['TrialUntilDate'] });

const couponFields = {
  Uid: uid.optional(),
  UniqueIdentifier: z.string().trim().regex(/^[A-Za-z0-9_-]{2,40}$/, 'must be 2-40 letters, digits, _ or -'),
  Name: name,
  PercentOff: z.number().gt(0).max(100).refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most 2 decimals').nullable().optional(),
  AmountOff: money.refine((n) => n > 0, 'must be above 0').nullable().optional(),
  Duration: z.enum(COUPON_DURATIONS),
  DurationInMonths: z.number().int().min(1).max(120).nullable().optional(),
  RedeemBy: isoDateTime.nullable().optional(),
  PlanUids: z.array(uid).max(200).default([]),
  IsActive: z.boolean().default(true),
};
const oneDiscountKind = (v: { PercentOff?: number | null; AmountOff?: number | null }) => (v.PercentOff == null) !== (v.AmountOff == null);
const repeatingHasMonths = (v: { Duration?: string; DurationInMonths?: number | null }) => v.Duration !== 'Repeating' || (v.DurationInMonths ?? 0) >= 1;

export const couponInput = z.object(couponFields).strict()
  .refine(oneDiscountKind, { message: 'give exactly one of PercentOff or AmountOff', path: ['PercentOff'] })
  .refine(repeatingHasMonths, { message: 'DurationInMonths is required for a Repeating coupon', path: ['DurationInMonths'] });
export const couponUpdate = z.object(withoutDefaults(couponFields)).partial().strict();

export type PlanFamilyInput = z.infer<typeof planFamilyInput>;
export type AddOnInput = z.infer<typeof addOnInput>;
export type PlanInput = z.infer<typeof planInput>;
export type CouponInput = z.infer<typeof couponInput>;

// --- Responses -------------------------------------------------------------
const rateOut = z.number().nullable();
export const addOnOut = z.object({
  Uid: z.string(), Name: z.string(), UnitOfMeasure: z.string().nullable(), BillingAddOnType: z.enum(BILLING_ADD_ON_TYPES),
  AddOnType: z.literal('Usage').nullable(), IsQuantityEditable: z.boolean(), MinimumQuantity: z.number(),
  IsBilledDuringTrial: z.boolean(), MonthlyRate: rateOut, QuarterlyRate: rateOut, AnnualRate: rateOut, OneTimeRate: rateOut,
  SetupFee: rateOut, IsActive: z.boolean(),
});
export const planOut = z.object({
  Uid: z.string(), Name: z.string(), Description: z.string().nullable(), IsActive: z.boolean(), IsDefault: z.boolean(),
  IsQuantityEditable: z.boolean(), IsPerUser: z.boolean(), MinimumQuantity: z.number(), MaximumPeople: z.number().nullable(),
  MonthlyRate: rateOut, QuarterlyRate: rateOut, AnnualRate: rateOut, OneTimeRate: rateOut, SetupFee: rateOut,
  UnitOfMeasure: z.string().nullable(), UnitOfMeasurePlural: z.string().nullable(), TrialPeriodDays: z.number().nullable(),
  TrialUntilDate: z.string().nullable(), RequirePaymentInformation: z.boolean(), AccountRegistrationMode: z.enum(ACCOUNT_REGISTRATION_MODES),
  PlanFamily: z.object({ Uid: z.string() }),
  PlanAddOns: z.array(z.object({ AddOn: addOnOut, IsUserSelectable: z.boolean() })),
});
export const planFamilyOut = z.object({
  Uid: z.string(), Name: z.string(), IsDefault: z.boolean(), IsActive: z.boolean(), Plans: z.array(planOut).optional(),
});
export const couponOut = z.object({
  Uid: z.string(), UniqueIdentifier: z.string(), Name: z.string(), PercentOff: z.number().nullable(), AmountOff: z.number().nullable(),
  Duration: z.enum(COUPON_DURATIONS), DurationInMonths: z.number().nullable(), RedeemBy: z.string().nullable(),
  PlanUids: z.array(z.string()), IsActive: z.boolean(),
});
