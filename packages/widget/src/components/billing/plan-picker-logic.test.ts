import { describe, expect, it } from 'vitest';
import { demoCatalog, demoPlan } from './test-catalog.ts';
import { displayedPrice, planOptions, unavailability } from './plan-picker-logic.ts';

describe('plan list with availability', () => {
  it("sorts with core's sortPlans and prices the chosen term", () => {
    const active = demoCatalog().plans.filter((p) => p.IsActive);
    const options = planOptions([...active].reverse(), 'Yearly');
    expect(options.map((o) => o.plan.Name)).toEqual(['Community', 'Pro', 'Team']);
    expect(options[1]!.price).toEqual({ term: 'Yearly', rate: 29900 });
    expect(options.every((o) => o.unavailable === null)).toBe(true);
  });

  it('marks a plan lacking the term (but with other rates) and one below the upgraded-from plan', () => {
    const pro = demoPlan('plan_pro');
    expect(unavailability(pro, 'Quarterly')).toBe('term');
    expect(unavailability(pro, 'Monthly', demoPlan('plan_team'))).toBe('lower');
    expect(unavailability(demoPlan('plan_team'), 'Monthly', pro)).toBeNull();
  });

  it('shows the one-time price when the term has none', () => {
    expect(displayedPrice({ ...demoPlan('plan_pro'), MonthlyRate: null, AnnualRate: null, OneTimeRate: 9900 }, 'Monthly')).toEqual({ term: 'OneTime', rate: 9900 });
    expect(displayedPrice({ ...demoPlan('plan_pro'), MonthlyRate: null, AnnualRate: null }, 'Monthly')).toBeNull();
  });
});
