import { describe, expect, it } from 'vitest';
import { demoPlan } from './test-catalog.ts';
import { planTerms, termSelectorLayout } from './term-selector-logic.ts';

describe('billing-term selector logic', () => {
  it('offers the terms the plan has rates for; OneTime alone for a one-time plan; else Monthly', () => {
    const pro = demoPlan('plan_pro');
    expect(planTerms(pro)).toEqual(['Monthly', 'Yearly']);
    expect(planTerms({ ...pro, QuarterlyRate: 8000 })).toEqual(['Monthly', 'Quarterly', 'Yearly']);
    expect(planTerms({ ...pro, OneTimeRate: 50000 })).toEqual(['OneTime']);
    expect(planTerms({ ...pro, MonthlyRate: null, AnnualRate: null })).toEqual(['Monthly']);
  });

  it('hidden with one term; vertical with more than 2 terms outside English', () => {
    expect(termSelectorLayout(1, 'de')).toBe('hidden');
    expect(termSelectorLayout(2, 'de')).toBe('horizontal');
    expect(termSelectorLayout(3, 'en')).toBe('horizontal');
    expect(termSelectorLayout(3, 'en-GB')).toBe('horizontal');
    expect(termSelectorLayout(3, 'de')).toBe('vertical');
  });
});
