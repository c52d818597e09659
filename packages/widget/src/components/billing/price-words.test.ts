import { describe, expect, it } from 'vitest';
import type { Plan } from '@portico/core';
import { planExtras } from '@portico/core/billing/plan-extras';
import type { TFunction } from '../../i18n/translator.ts';
import { getI18n } from '../../app/i18n.ts';
import { registerBillingStrings } from '../../i18n/register-billing-strings.ts';
import { formatAmount } from './format.ts';
import { followingText } from './order-summary-logic.ts';
import { planExtrasText } from './price-words.ts';

const i18n = getI18n();
registerBillingStrings(i18n);
const f = { t: i18n.t.bind(i18n) as TFunction, money: (m: number) => formatAmount(m, 'USD', 'en-US'), date: (d: string) => d };
const units = (p: Plan) => ({ one: p.UnitOfMeasure, other: p.UnitOfMeasurePlural });

const apiCalls = { Uid: 'addon-api-calls', Name: 'API calls', UnitOfMeasure: '1,000 calls', BillingAddOnType: 'Usage' as const, IsQuantityEditable: false, MinimumQuantity: 0, IsBilledDuringTrial: false, MonthlyRate: 25, QuarterlyRate: null, AnnualRate: null, OneTimeRate: null, SetupFee: null, IsActive: true };
const base: Plan = {
  Uid: 'p', Name: 'P', Description: null, IsActive: true, IsDefault: false, IsQuantityEditable: false, IsPerUser: false, MinimumQuantity: 0, MaximumPeople: null,
  MonthlyRate: 7900, QuarterlyRate: null, AnnualRate: null, OneTimeRate: null, SetupFee: null, UnitOfMeasure: null, UnitOfMeasurePlural: null,
  TrialPeriodDays: null, TrialUntilDate: null, RequirePaymentInformation: false, AccountRegistrationMode: 'Individual', PlanFamilyUid: 'f', PlanAddOns: [],
};

describe('the plan cards word what checkout adds as the order summary does (issue 15)', () => {
  it("Pro's setup fee and included usage add-on; never '$0.25 / month'", () => {
    const pro = { ...base, Name: 'Pro', SetupFee: 4900, PlanAddOns: [{ AddOn: apiCalls, IsUserSelectable: false }] };
    const lines = planExtrasText(planExtras(pro, 'Monthly'), f, units(pro));
    expect(lines).toEqual(['Plus a one-time setup fee of $49.00.', 'API calls: billed by use at $0.25 per 1,000 calls, monthly.']);
    // The order summary's sentence after the total is the same words.
    expect(followingText([{ key: 'usage', name: 'API calls', unitAmount: 25, unit: '1,000 calls', per: 'Monthly' }], f)).toEqual([lines[1]]);
    expect(lines.join(' ')).not.toContain('/ month');
  });

  it("Team's minimum seats with what they cost for the term", () => {
    const team = { ...base, Name: 'Team', IsPerUser: true, IsQuantityEditable: true, MinimumQuantity: 3, MonthlyRate: 1500, AnnualRate: 15000, UnitOfMeasure: 'seat', UnitOfMeasurePlural: 'seats' };
    expect(planExtrasText(planExtras(team, 'Monthly'), f, units(team))).toEqual(['Minimum 3 seats: $45.00 / month.']);
    expect(planExtrasText(planExtras(team, 'Yearly'), f, units(team))).toEqual(['Minimum 3 seats: $450.00 / year.']);
  });

  it('a plain plan states nothing extra', () => {
    expect(planExtrasText(planExtras(base, 'Monthly'), f, units(base))).toEqual([]);
  });
});
