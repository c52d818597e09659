import { describe, expect, it } from 'vitest';
import { addOnRenewalTerms, canUncheckAddOn, resolveAddOnTerm, setAddOnSelected, visibleAddOns, type SelectableAddOn } from './add-on-rules.ts';
import { makeAddOn } from './test-fixtures.ts';

function item(over: Partial<SelectableAddOn> = {}): SelectableAddOn {
  return { AddOn: makeAddOn(), Quantity: 0, selected: false, isUserSelectable: true, forceSelected: false, ...over };
}

describe('billing terms for add-ons (spec 4)', () => {
  it('"A one-time add-on gives OneTime"', () => {
    expect(addOnRenewalTerms(makeAddOn({ BillingAddOnType: 'OneTime', MonthlyRate: 100, AnnualRate: 900 }))).toEqual(['OneTime']);
  });
  it('"Otherwise each non-empty rate adds Monthly, Quarterly, Yearly or OneTime"', () => {
    expect(addOnRenewalTerms(makeAddOn({ MonthlyRate: 100, QuarterlyRate: 250, AnnualRate: 900, OneTimeRate: 50 })))
      .toEqual(['Monthly', 'Quarterly', 'Yearly', 'OneTime']);
    expect(addOnRenewalTerms(makeAddOn({ MonthlyRate: null, AnnualRate: 0 }))).toEqual(['Yearly']);
  });
  it('"If none applies, the result is Monthly. Duplicates are removed."', () => {
    expect(addOnRenewalTerms(makeAddOn({ MonthlyRate: null }))).toEqual(['Monthly']);
    const terms = addOnRenewalTerms(makeAddOn({ MonthlyRate: 1, QuarterlyRate: 2 }));
    expect(new Set(terms).size).toBe(terms.length);
  });
  it('an add-on follows the subscription term when it has that rate, else its first offered term', () => {
    expect(resolveAddOnTerm(makeAddOn({ AnnualRate: 5000 }), 'Yearly')).toBe('Yearly');
    expect(resolveAddOnTerm(makeAddOn({ AnnualRate: null }), 'Yearly')).toBe('Monthly');
    expect(resolveAddOnTerm(makeAddOn({ BillingAddOnType: 'OneTime' }), 'Yearly', 'Monthly')).toBe('OneTime');
  });
});

describe('add-on rules (spec 4)', () => {
  it('"An add-on that is not user-selectable, or that is forced (already purchased one-time), cannot be unchecked"', () => {
    expect(canUncheckAddOn(item({ isUserSelectable: false }))).toBe(false);
    expect(canUncheckAddOn(item({ forceSelected: true }))).toBe(false);
    expect(canUncheckAddOn(item())).toBe(true);
    const forced = item({ selected: true, Quantity: 1, forceSelected: true });
    expect(setAddOnSelected(forced, false)).toBe(forced);
  });
  it('"Selecting a quantity-editable add-on sets its quantity to the minimum or 1"', () => {
    expect(setAddOnSelected(item({ AddOn: makeAddOn({ IsQuantityEditable: true, MinimumQuantity: 3 }) }), true).Quantity).toBe(3);
    expect(setAddOnSelected(item({ AddOn: makeAddOn({ IsQuantityEditable: true, MinimumQuantity: 0 }) }), true))
      .toMatchObject({ selected: true, Quantity: 1 });
  });
  it('"Unselecting sets it to 0"', () => {
    expect(setAddOnSelected(item({ selected: true, Quantity: 4 }), false)).toMatchObject({ selected: false, Quantity: 0 });
  });
  it('"Add-ons with an EndDate in the past are hidden" (relative to the now parameter)', () => {
    const now = new Date('2024-05-10T08:00:00Z');
    const list = [
      item({ EndDate: '2024-05-09' }),
      item({ EndDate: '2024-05-10' }),
      item({ EndDate: null }),
      item({ EndDate: '2025-01-01T00:00:00Z' }),
    ];
    expect(visibleAddOns(list, now).map((i) => i.EndDate)).toEqual(['2024-05-10', null, '2025-01-01T00:00:00Z']);
  });
});
