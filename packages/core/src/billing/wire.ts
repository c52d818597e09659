/**
 * Pure wire <-> domain mappers for the billing shapes the widget and the
 * server exchange. The wire carries money in MAJOR units (29.99); the domain
 * uses integer MINOR units (2999) of the given currency (see money/currency.ts).
 */
import type { AddOn, DiscountCoupon, Plan, PlanFamily } from '../entities/catalog.ts';
import type { WireAddOn, WireDiscountCoupon, WirePlan, WirePlanFamily } from '../settings/init-settings.ts';
import { toMajor, toMinor } from '../money/currency.ts';
import type { ChargeSummary, InvoiceDisplayItem } from './charge-summary.types.ts';
import type { TaxBehavior } from './tax.ts';

/** One invoice line on the wire: the domain line's fields, amounts in major units. */
export type WireInvoiceDisplayItem = InvoiceDisplayItem;

/** Charge summary (invoice preview) on the wire: spec 3, amounts in major units. */
export interface WireChargeSummary {
  InvoiceDate: string;
  Total: number;
  TaxBehavior: TaxBehavior;
  InvoiceDisplayItems: WireInvoiceDisplayItem[];
}

const minorOrNull = (v: number | null | undefined, currency: string): number | null =>
  v === null || v === undefined ? null : toMinor(v, currency);

export function addOnFromWire(a: WireAddOn, currency: string): AddOn {
  return {
    Uid: a.Uid, Name: a.Name, UnitOfMeasure: a.UnitOfMeasure, BillingAddOnType: a.BillingAddOnType,
    IsQuantityEditable: a.IsQuantityEditable, MinimumQuantity: a.MinimumQuantity, IsBilledDuringTrial: a.IsBilledDuringTrial,
    MonthlyRate: minorOrNull(a.MonthlyRate, currency), QuarterlyRate: minorOrNull(a.QuarterlyRate, currency),
    AnnualRate: minorOrNull(a.AnnualRate, currency), OneTimeRate: minorOrNull(a.OneTimeRate, currency),
    SetupFee: minorOrNull(a.SetupFee, currency), IsActive: a.IsActive,
  };
}

export function planFromWire(p: WirePlan, currency: string): Plan {
  return {
    Uid: p.Uid, Name: p.Name, Description: p.Description, IsActive: p.IsActive, IsDefault: p.IsDefault,
    IsQuantityEditable: p.IsQuantityEditable, IsPerUser: p.IsPerUser, MinimumQuantity: p.MinimumQuantity,
    MaximumPeople: p.MaximumPeople,
    MonthlyRate: minorOrNull(p.MonthlyRate, currency), QuarterlyRate: minorOrNull(p.QuarterlyRate, currency),
    AnnualRate: minorOrNull(p.AnnualRate, currency), OneTimeRate: minorOrNull(p.OneTimeRate, currency),
    SetupFee: minorOrNull(p.SetupFee, currency),
    UnitOfMeasure: p.UnitOfMeasure, UnitOfMeasurePlural: p.UnitOfMeasurePlural,
    TrialPeriodDays: p.TrialPeriodDays, TrialUntilDate: p.TrialUntilDate,
    RequirePaymentInformation: p.RequirePaymentInformation, AccountRegistrationMode: p.AccountRegistrationMode,
    PlanFamilyUid: p.PlanFamily.Uid,
    PlanAddOns: p.PlanAddOns.map((pa) => ({ AddOn: addOnFromWire(pa.AddOn, currency), IsUserSelectable: pa.IsUserSelectable })),
  };
}

/** A wire family (with its Plans) as the domain family plus its plans. */
export function planFamilyFromWire(f: WirePlanFamily, currency: string): { family: PlanFamily; plans: Plan[] } {
  return {
    family: { Uid: f.Uid, Name: f.Name, IsDefault: f.IsDefault, IsActive: f.IsActive },
    plans: f.Plans.map((p) => planFromWire(p, currency)),
  };
}

/** AmountOff is money (major -> minor); PercentOff is a percentage and stays as is. */
export function couponFromWire(c: WireDiscountCoupon, currency: string): DiscountCoupon {
  return {
    Uid: c.Uid, UniqueIdentifier: c.UniqueIdentifier, Name: c.Name, PercentOff: c.PercentOff,
    AmountOff: minorOrNull(c.AmountOff, currency), Duration: c.Duration, DurationInMonths: c.DurationInMonths,
    RedeemBy: c.RedeemBy, PlanUids: [...(c.PlanUids ?? [])], IsActive: c.IsActive,
  };
}

export function summaryFromWire(s: WireChargeSummary, currency: string): ChargeSummary {
  return {
    InvoiceDate: s.InvoiceDate,
    Total: toMinor(s.Total, currency),
    TaxBehavior: s.TaxBehavior,
    InvoiceDisplayItems: s.InvoiceDisplayItems.map((i): InvoiceDisplayItem => ({
      LineItemType: i.LineItemType, LineItemEntityUid: i.LineItemEntityUid, Description: i.Description,
      Amount: toMinor(i.Amount, currency), Tax: toMinor(i.Tax, currency), Total: toMinor(i.Total, currency),
      StartDate: i.StartDate, EndDate: i.EndDate,
    })),
  };
}

export function summaryToWire(s: ChargeSummary, currency: string): WireChargeSummary {
  return {
    InvoiceDate: s.InvoiceDate,
    Total: toMajor(s.Total, currency),
    TaxBehavior: s.TaxBehavior,
    InvoiceDisplayItems: s.InvoiceDisplayItems.map((i) => ({
      LineItemType: i.LineItemType, LineItemEntityUid: i.LineItemEntityUid, Description: i.Description,
      Amount: toMajor(i.Amount, currency), Tax: toMajor(i.Tax, currency), Total: toMajor(i.Total, currency),
      StartDate: i.StartDate, EndDate: i.EndDate,
    })),
  };
}
