/** Builders for billing tests (not exported from the package). */
import type { AddOn, DiscountCoupon, Plan, PlanFamily } from '../entities/catalog.ts';
import type { ChargeSummaryInput } from './charge-summary.types.ts';

export function makePlan(over: Partial<Plan> = {}): Plan {
  return {
    Uid: 'plan-basic', Name: 'Basic', Description: null, IsActive: true, IsDefault: false,
    IsQuantityEditable: false, IsPerUser: false, MinimumQuantity: 0, MaximumPeople: null,
    MonthlyRate: 1000, QuarterlyRate: null, AnnualRate: null, OneTimeRate: null, SetupFee: null,
    UnitOfMeasure: null, UnitOfMeasurePlural: null, TrialPeriodDays: null, TrialUntilDate: null,
    RequirePaymentInformation: false, AccountRegistrationMode: 'Individual', PlanFamilyUid: 'fam-1', PlanAddOns: [],
    ...over,
  };
}

export function makeAddOn(over: Partial<AddOn> = {}): AddOn {
  return {
    Uid: 'addon-1', Name: 'Extra', UnitOfMeasure: null, BillingAddOnType: 'Recurring', IsQuantityEditable: false,
    MinimumQuantity: 0, IsBilledDuringTrial: false, MonthlyRate: 500, QuarterlyRate: null, AnnualRate: null,
    OneTimeRate: null, SetupFee: null, IsActive: true,
    ...over,
  };
}

export function makeCoupon(over: Partial<DiscountCoupon> = {}): DiscountCoupon {
  return {
    Uid: 'coupon-1', UniqueIdentifier: 'SAVE', Name: 'Save', PercentOff: 10, AmountOff: null, Duration: 'Forever',
    DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true,
    ...over,
  };
}

export function makeFamily(over: Partial<PlanFamily> = {}): PlanFamily {
  return { Uid: 'fam-1', Name: 'Family', IsDefault: false, IsActive: true, ...over };
}

export function summaryInput(over: Partial<ChargeSummaryInput> = {}): ChargeSummaryInput {
  return {
    now: new Date('2024-04-01T12:00:00Z'), currency: 'USD', plan: makePlan(), term: 'Monthly', quantity: 1,
    addOns: [], asOf: 'now',
    ...over,
  };
}

/** Compact view of lines for assertions: [type, amount, tax, total]. */
export function compact(items: readonly { LineItemType: number; Amount: number; Tax: number; Total: number }[]): number[][] {
  return items.map((i) => [i.LineItemType, i.Amount, i.Tax, i.Total]);
}

/** The benchmark's subscription: plan, setup fee, three add-ons, a coupon and tax (5 lines + the discount). */
export function fiveLineSubscriptionWithCouponAndTax(): ChargeSummaryInput {
  return summaryInput({
    plan: makePlan({ IsPerUser: true, MonthlyRate: 1299, SetupFee: 4900 }),
    quantity: 7,
    addOns: [
      { addOn: makeAddOn({ Uid: 'a1', MonthlyRate: 500 }), quantity: 1 },
      { addOn: makeAddOn({ Uid: 'a2', MonthlyRate: 250, IsQuantityEditable: true }), quantity: 3 },
      { addOn: makeAddOn({ Uid: 'a3', BillingAddOnType: 'OneTime', OneTimeRate: 9900 }), quantity: 1 },
    ],
    coupon: { coupon: makeCoupon({ PercentOff: 15 }), appliedAt: '2024-03-15T10:00:00Z' },
    tax: { rates: [{ country: 'US', state: 'CA', rateBasisPoints: 725 }, { country: 'US', rateBasisPoints: 500 }], country: 'US', state: 'CA', behavior: 'exclusive' },
  });
}
