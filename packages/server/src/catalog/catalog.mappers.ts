import { toMajor, toMinor, type AddOn, type DiscountCoupon, type Plan, type PlanFamily } from '@portico/core';
import type { WireAddOn, WireDiscountCoupon, WirePlan, WirePlanFamily } from '@portico/core';
import type { addOns, discountCoupons, planFamilies, plans } from '../db/schema.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';

type PlanRow = typeof plans.$inferSelect;
type AddOnRow = typeof addOns.$inferSelect;
type CouponRow = typeof discountCoupons.$inferSelect;
type FamilyRow = typeof planFamilies.$inferSelect;

export const addOnFromRow = (r: AddOnRow): AddOn => ({
  Uid: r.uid, Name: r.name, UnitOfMeasure: r.unitOfMeasure, BillingAddOnType: r.billingAddOnType as AddOn['BillingAddOnType'],
  IsQuantityEditable: r.isQuantityEditable, MinimumQuantity: r.minimumQuantity, IsBilledDuringTrial: r.isBilledDuringTrial,
  MonthlyRate: r.monthlyRate, QuarterlyRate: r.quarterlyRate, AnnualRate: r.annualRate, OneTimeRate: r.oneTimeRate,
  SetupFee: r.setupFee, IsActive: r.isActive,
});

/** Every plan read goes through here; the description is sanitized again for rows written before writes were sanitized. */
export const planFromRow = (r: PlanRow, planAddOns: Plan['PlanAddOns']): Plan => ({
  Uid: r.uid, Name: r.name, Description: sanitizeRichText(r.description), IsActive: r.isActive, IsDefault: r.isDefault,
  IsQuantityEditable: r.isQuantityEditable, IsPerUser: r.isPerUser, MinimumQuantity: r.minimumQuantity,
  MaximumPeople: r.maximumPeople, MonthlyRate: r.monthlyRate, QuarterlyRate: r.quarterlyRate, AnnualRate: r.annualRate,
  OneTimeRate: r.oneTimeRate, SetupFee: r.setupFee, UnitOfMeasure: r.unitOfMeasure, UnitOfMeasurePlural: r.unitOfMeasurePlural,
  TrialPeriodDays: r.trialPeriodDays, TrialUntilDate: r.trialUntilDate, RequirePaymentInformation: r.requirePaymentInformation,
  AccountRegistrationMode: r.accountRegistrationMode as Plan['AccountRegistrationMode'], PlanFamilyUid: r.planFamilyUid, PlanAddOns: planAddOns,
});

export const familyFromRow = (r: FamilyRow): PlanFamily => ({ Uid: r.uid, Name: r.name, IsDefault: r.isDefault, IsActive: r.isActive });

export const couponFromRow = (r: CouponRow): DiscountCoupon => ({
  Uid: r.uid, UniqueIdentifier: r.uniqueIdentifier, Name: r.name,
  PercentOff: r.percentOff === null ? null : Number(r.percentOff), AmountOff: r.amountOff, Duration: r.duration as DiscountCoupon['Duration'],
  DurationInMonths: r.durationInMonths, RedeemBy: r.redeemBy ? r.redeemBy.toISOString() : null, PlanUids: r.planUids, IsActive: r.isActive,
});

const major = (v: number | null, currency: string) => (v === null ? null : toMajor(v, currency));
const minor = (v: number | null | undefined, currency: string) => (v === null || v === undefined ? null : toMinor(v, currency));
export { minor as toMinorOrNull };

export const addOnToWire = (a: AddOn, currency: string): WireAddOn => ({
  Uid: a.Uid, Name: a.Name, UnitOfMeasure: a.UnitOfMeasure, BillingAddOnType: a.BillingAddOnType,
  AddOnType: a.BillingAddOnType === 'Usage' ? 'Usage' : null, IsQuantityEditable: a.IsQuantityEditable,
  MinimumQuantity: a.MinimumQuantity, IsBilledDuringTrial: a.IsBilledDuringTrial,
  MonthlyRate: major(a.MonthlyRate, currency), QuarterlyRate: major(a.QuarterlyRate, currency),
  AnnualRate: major(a.AnnualRate, currency), OneTimeRate: major(a.OneTimeRate, currency), SetupFee: major(a.SetupFee, currency),
  IsActive: a.IsActive,
});

export const planToWire = (p: Plan, currency: string): WirePlan => ({
  Uid: p.Uid, Name: p.Name, Description: p.Description, IsActive: p.IsActive, IsDefault: p.IsDefault,
  IsQuantityEditable: p.IsQuantityEditable, IsPerUser: p.IsPerUser, MinimumQuantity: p.MinimumQuantity, MaximumPeople: p.MaximumPeople,
  MonthlyRate: major(p.MonthlyRate, currency), QuarterlyRate: major(p.QuarterlyRate, currency), AnnualRate: major(p.AnnualRate, currency),
  OneTimeRate: major(p.OneTimeRate, currency), SetupFee: major(p.SetupFee, currency), UnitOfMeasure: p.UnitOfMeasure,
  UnitOfMeasurePlural: p.UnitOfMeasurePlural, TrialPeriodDays: p.TrialPeriodDays, TrialUntilDate: p.TrialUntilDate,
  RequirePaymentInformation: p.RequirePaymentInformation, AccountRegistrationMode: p.AccountRegistrationMode,
  PlanFamily: { Uid: p.PlanFamilyUid },
  PlanAddOns: p.PlanAddOns.map((pa) => ({ AddOn: addOnToWire(pa.AddOn, currency), IsUserSelectable: pa.IsUserSelectable })),
});

export const familyToWire = (f: PlanFamily, familyPlans?: Plan[], currency = 'USD'): WirePlanFamily & { Plans: WirePlan[] } => ({
  Uid: f.Uid, Name: f.Name, IsDefault: f.IsDefault, IsActive: f.IsActive,
  Plans: (familyPlans ?? []).map((p) => planToWire(p, currency)),
});

export const couponToWire = (c: DiscountCoupon, currency: string): WireDiscountCoupon => ({
  ...c, AmountOff: major(c.AmountOff, currency),
});
