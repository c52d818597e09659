import { describe, expect, it } from 'vitest';
import type { WireAddOn, WireDiscountCoupon, WirePlan } from '../settings/init-settings.ts';
import { chargeSummary } from './charge-summary.ts';
import { makePlan, summaryInput } from './test-fixtures.ts';
import { addOnFromWire, couponFromWire, planFamilyFromWire, planFromWire, summaryFromWire, summaryToWire } from './wire.ts';
import type { WireChargeSummary } from './wire.ts';

const wireAddOn: WireAddOn = {
  Uid: 'ao', Name: 'Storage', UnitOfMeasure: 'GB', BillingAddOnType: 'Recurring', AddOnType: null,
  IsQuantityEditable: true, MinimumQuantity: 1, IsBilledDuringTrial: false,
  MonthlyRate: 2.5, QuarterlyRate: null, AnnualRate: 25, OneTimeRate: null, SetupFee: 0.1, IsActive: true,
};
const wirePlan: WirePlan = {
  Uid: 'p', Name: 'Pro', Description: '<p>x</p>', IsActive: true, IsDefault: true, IsQuantityEditable: false,
  IsPerUser: false, MinimumQuantity: 0, MaximumPeople: null, MonthlyRate: 29.99, QuarterlyRate: null,
  AnnualRate: 299, OneTimeRate: null, SetupFee: null, UnitOfMeasure: null, UnitOfMeasurePlural: null,
  TrialPeriodDays: 14, TrialUntilDate: null, RequirePaymentInformation: true, AccountRegistrationMode: 'Individual',
  PlanFamily: { Uid: 'fam' }, PlanAddOns: [{ AddOn: wireAddOn, IsUserSelectable: true }],
};

describe('wire mappers', () => {
  it('planFromWire converts every rate to minor units and flattens the family uid', () => {
    const plan = planFromWire(wirePlan, 'USD');
    expect(plan).toMatchObject({ MonthlyRate: 2999, AnnualRate: 29900, QuarterlyRate: null, PlanFamilyUid: 'fam', TrialPeriodDays: 14 });
    expect(plan.PlanAddOns[0]).toEqual({ AddOn: addOnFromWire(wireAddOn, 'USD'), IsUserSelectable: true });
    expect(plan.PlanAddOns[0]!.AddOn).toMatchObject({ MonthlyRate: 250, AnnualRate: 2500, SetupFee: 10 });
    expect('AddOnType' in plan.PlanAddOns[0]!.AddOn).toBe(false);
  });

  it('zero-decimal currencies keep whole amounts', () => {
    expect(planFromWire({ ...wirePlan, MonthlyRate: 3000 }, 'JPY').MonthlyRate).toBe(3000);
  });

  it('planFamilyFromWire splits the family and its plans', () => {
    const { family, plans } = planFamilyFromWire({ Uid: 'fam', Name: 'F', IsDefault: true, IsActive: true, Plans: [wirePlan] }, 'USD');
    expect(family).toEqual({ Uid: 'fam', Name: 'F', IsDefault: true, IsActive: true });
    expect(plans.map((p) => p.Uid)).toEqual(['p']);
  });

  it('couponFromWire converts AmountOff but not PercentOff', () => {
    const wire: WireDiscountCoupon = {
      Uid: 'c', UniqueIdentifier: 'SAVE', Name: 'Save', PercentOff: 12.5, AmountOff: 5.05, Duration: 'Repeating',
      DurationInMonths: 3, RedeemBy: '2030-01-01T00:00:00.000Z', PlanUids: ['p'], IsActive: true,
    };
    expect(couponFromWire(wire, 'USD')).toEqual({ ...wire, AmountOff: 505 });
  });

  it('summaryToWire and summaryFromWire round-trip an engine summary', () => {
    const summary = chargeSummary(summaryInput({ plan: makePlan({ MonthlyRate: 2999, SetupFee: 501 }), quantity: 1 }));
    const wire = summaryToWire(summary, 'USD');
    expect(wire.Total).toBe(35);
    expect(wire.InvoiceDisplayItems.map((i) => i.Total)).toEqual([29.99, 5.01]);
    expect(summaryFromWire(wire, 'USD')).toEqual(summary);
  });

  it('summaryFromWire absorbs float noise from major units', () => {
    const wire: WireChargeSummary = {
      InvoiceDate: '2024-04-01', Total: 0.1 + 0.2, TaxBehavior: 'exclusive',
      InvoiceDisplayItems: [{ LineItemType: 1, LineItemEntityUid: 'p', Description: 'Pro', Amount: 0.3, Tax: 0, Total: 0.1 + 0.2, StartDate: '2024-04-01', EndDate: '2024-05-01' }],
    };
    const s = summaryFromWire(wire, 'USD');
    expect(s.Total).toBe(30);
    expect(s.InvoiceDisplayItems[0]).toMatchObject({ Amount: 30, Total: 30, EndDate: '2024-05-01' });
  });
});
