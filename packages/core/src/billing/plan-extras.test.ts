import { describe, expect, it } from 'vitest';
import { orderSummary } from './order-summary.ts';
import { planExtras } from './plan-extras.ts';
import { makeAddOn, makePlan } from './test-fixtures.ts';

const apiCalls = makeAddOn({ Uid: 'addon-api-calls', Name: 'API calls', BillingAddOnType: 'Usage', MonthlyRate: 25, UnitOfMeasure: '1,000 calls' });

describe('planExtras (issue 15: what a plan card states besides its price)', () => {
  it("Pro: the $49 setup fee; its selectable add-ons are not the card's", () => {
    const pro = makePlan({ Name: 'Pro', MonthlyRate: 7900, SetupFee: 4900, PlanAddOns: [{ AddOn: makeAddOn(), IsUserSelectable: true }] });
    expect(planExtras(pro, 'Monthly')).toEqual({ setupFee: 4900, minimum: null, included: [], usage: [] });
  });

  it("Team: the 3-seat minimum and what it costs for the term", () => {
    const team = makePlan({ Name: 'Team', IsPerUser: true, IsQuantityEditable: true, MinimumQuantity: 3, MonthlyRate: 1500, AnnualRate: 15000, UnitOfMeasure: 'seat' });
    expect(planExtras(team, 'Monthly').minimum).toEqual({ quantity: 3, amount: 4500, per: 'Monthly' });
    expect(planExtras(team, 'Yearly').minimum).toEqual({ quantity: 3, amount: 45000, per: 'Yearly' });
    // A minimum of one seat is no news; a free per-seat plan has no minimum price to state.
    expect(planExtras({ ...team, MinimumQuantity: 1 }, 'Monthly').minimum).toBeNull();
    expect(planExtras({ ...team, MonthlyRate: 0 }, 'Monthly').minimum).toBeNull();
  });

  it('an included usage add-on is per unit of use, as the order summary bills it (never a monthly price)', () => {
    const starter = makePlan({ Name: 'Starter', MonthlyRate: 2900, AnnualRate: 29000, PlanAddOns: [{ AddOn: apiCalls, IsUserSelectable: false }] });
    const extras = planExtras(starter, 'Yearly');
    expect(extras.usage).toEqual([{ uid: 'addon-api-calls', name: 'API calls', unitAmount: 25, unit: '1,000 calls', per: 'Monthly' }]);
    expect(extras.included).toEqual([]);
    // The same item the order summary lists for that subscription.
    const summary = orderSummary({ InvoiceDate: '2026-11-27', Total: 0, TaxBehavior: 'exclusive', InvoiceDisplayItems: [] },
      { plan: starter, term: 'Yearly', quantity: 1, addOns: [{ addOn: apiCalls, quantity: 1 }] });
    expect(summary.usage).toEqual(extras.usage);
  });

  it('an included priced add-on is stated with its amount and term', () => {
    const support = makeAddOn({ Uid: 'support', Name: 'Support', MonthlyRate: 1900, AnnualRate: 19000, SetupFee: 1000 });
    const plan = makePlan({ PlanAddOns: [{ AddOn: support, IsUserSelectable: false }, { AddOn: makeAddOn({ Uid: 'free-one', MonthlyRate: 0 }), IsUserSelectable: false }] });
    expect(planExtras(plan, 'Yearly').included).toEqual([{ uid: 'support', name: 'Support', amount: 19000, per: 'Yearly', setupFee: 1000 }]);
  });
});
