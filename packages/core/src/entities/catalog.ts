import type { AccountRegistrationMode, BillingAddOnType, BillingRenewalTerm, CouponDuration } from './billing-terms.ts';

/**
 * Domain shapes of the billing catalogue. Field names follow the spec
 * (PascalCase) so the wire mapping is mechanical; every amount is an integer
 * in the currency's minor unit (the wire carries major units, see docs/decisions.md).
 */
export interface AddOn {
  Uid: string;
  Name: string;
  UnitOfMeasure: string | null;
  BillingAddOnType: BillingAddOnType;
  IsQuantityEditable: boolean;
  MinimumQuantity: number;
  IsBilledDuringTrial: boolean;
  MonthlyRate: number | null;
  QuarterlyRate: number | null;
  AnnualRate: number | null;
  OneTimeRate: number | null;
  SetupFee: number | null;
  IsActive: boolean;
}

export interface PlanAddOn {
  AddOn: AddOn;
  IsUserSelectable: boolean;
}

export interface Plan {
  Uid: string;
  Name: string;
  Description: string | null;
  IsActive: boolean;
  IsDefault: boolean;
  IsQuantityEditable: boolean;
  IsPerUser: boolean;
  MinimumQuantity: number;
  MaximumPeople: number | null;
  MonthlyRate: number | null;
  QuarterlyRate: number | null;
  AnnualRate: number | null;
  OneTimeRate: number | null;
  SetupFee: number | null;
  UnitOfMeasure: string | null;
  UnitOfMeasurePlural: string | null;
  TrialPeriodDays: number | null;
  /** ISO date (YYYY-MM-DD) or null. */
  TrialUntilDate: string | null;
  RequirePaymentInformation: boolean;
  AccountRegistrationMode: AccountRegistrationMode;
  PlanFamilyUid: string;
  PlanAddOns: PlanAddOn[];
}

export interface PlanFamily {
  Uid: string;
  Name: string;
  IsDefault: boolean;
  IsActive: boolean;
}

export interface DiscountCoupon {
  Uid: string;
  UniqueIdentifier: string;
  Name: string;
  /** Percent off, 0 < p <= 100, up to two decimals. */
  PercentOff: number | null;
  /** Amount off in minor units. */
  AmountOff: number | null;
  Duration: CouponDuration;
  DurationInMonths: number | null;
  /** ISO timestamp after which the code can no longer be redeemed. */
  RedeemBy: string | null;
  /** Plan uids the code applies to; empty means every plan. */
  PlanUids: string[];
  IsActive: boolean;
}

export type { BillingRenewalTerm };
