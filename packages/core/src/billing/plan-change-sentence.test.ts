import { describe, expect, it } from 'vitest';
import { changeSummaries } from './change-summary.ts';
import { changeAppliesNow, planChangeSentence } from './plan-change-sentence.ts';
import { makePlan } from './test-fixtures.ts';

const starter = makePlan({ Uid: 'starter', Name: 'Starter', MonthlyRate: 2900, AnnualRate: 29000 });
const pro = makePlan({ Uid: 'pro', Name: 'Pro', MonthlyRate: 7900, AnnualRate: 79000 });
// Mid-period: the current month runs 15 Nov to 15 Dec; today is 29 Nov, 16 days left.
const existing = (plan = starter) => ({ plan, term: 'Monthly' as const, quantity: 1, addOns: [], periodStart: '2026-11-15', periodEnd: '2026-12-15' });
const today = new Date('2026-11-29T10:00:00Z');
const input = (plan = pro, from = starter) => ({ now: today, currency: 'USD', plan, term: 'Monthly' as const, quantity: 1, addOns: [], existing: existing(from), asOf: 'now' as const });
const side = (plan = pro) => ({ plan, term: 'Monthly' as const, quantity: 1, addOns: [] });

describe('planChangeSentence: what is charged today and what follows, from the change\'s two summaries', () => {
  it('an upgrade mid-period: the prorated amount today for the days left, then the new price from the renewal', () => {
    const s = changeSummaries(input());
    const sentence = planChangeSentence({ now: s.now, renewal: s.renewal, appliesNow: changeAppliesNow(side(starter), side(pro)), currentPlan: 'Starter', currentTerm: 'Monthly', newPlan: 'Pro', newTerm: 'Monthly', periodEnd: '2026-12-15', today });
    expect(sentence).toEqual({ key: 'payToday', amount: s.now.Total, days: 16, period: 'Monthly', then: { amount: 7900, per: 'Monthly', from: '2026-12-15' } });
    expect(s.now.Total).toBeGreaterThan(0);
    expect(s.now.Total).toBeLessThan(7900);
  });

  it('a downgrade: nothing today, the new plan from the period end, the current one until then', () => {
    const s = changeSummaries(input(starter, pro));
    expect(changeAppliesNow(side(pro), side(starter))).toBe(false);
    expect(planChangeSentence({ now: s.now, renewal: s.renewal, appliesNow: false, currentPlan: 'Pro', currentTerm: 'Monthly', newPlan: 'Starter', newTerm: 'Monthly', periodEnd: '2026-12-15', today }))
      .toEqual({ key: 'scheduled', plan: 'Starter', current: 'Pro', on: '2026-12-15' });
  });

  it('an immediate change whose unused time is worth more than today\'s items says where the credit goes', () => {
    const now = { InvoiceDate: '2026-11-29', Total: 0, TaxBehavior: 'exclusive' as const, InvoiceDisplayItems: [
      { LineItemType: 7 as const, LineItemEntityUid: 'pro', Description: 'Unused Pro', Amount: -4000, Tax: 0, Total: -4000, StartDate: null, EndDate: null },
      { LineItemType: 1 as const, LineItemEntityUid: 'x', Description: 'X', Amount: 2760, Tax: 0, Total: 2760, StartDate: '2026-11-29', EndDate: '2026-12-15' },
      { LineItemType: 6 as const, LineItemEntityUid: null, Description: 'Unused time moved to account credit', Amount: 1240, Tax: 0, Total: 1240, StartDate: null, EndDate: null },
    ] };
    const renewal = { InvoiceDate: '2026-12-15', Total: 3960, TaxBehavior: 'exclusive' as const, InvoiceDisplayItems: [
      { LineItemType: 1 as const, LineItemEntityUid: 'x', Description: 'X', Amount: 5200, Tax: 0, Total: 5200, StartDate: '2026-12-15', EndDate: '2027-01-15' },
      { LineItemType: 6 as const, LineItemEntityUid: null, Description: 'Account credit applied', Amount: -1240, Tax: 0, Total: -1240, StartDate: null, EndDate: null },
    ] };
    expect(planChangeSentence({ now, renewal, appliesNow: true, currentPlan: 'Pro', currentTerm: 'Monthly', newPlan: 'X', newTerm: 'Monthly', periodEnd: '2026-12-15', today }))
      .toEqual({ key: 'credit', credit: 1240, on: '2026-12-15', then: { amount: 3960, per: 'Monthly', from: '2026-12-15' } });
  });

  it('a change of term pays a new period from today; nothing due now (a trial) says the plan changes now', () => {
    const yearly = changeSummaries({ ...input(), term: 'Yearly' });
    expect(planChangeSentence({ now: yearly.now, renewal: yearly.renewal, appliesNow: true, currentPlan: 'Starter', currentTerm: 'Monthly', newPlan: 'Pro', newTerm: 'Yearly', periodEnd: '2026-12-15', today }))
      .toMatchObject({ key: 'payTodayNewTerm', amount: yearly.now.Total, period: 'Yearly' });
    const empty = { InvoiceDate: '2026-11-29', Total: 0, TaxBehavior: 'exclusive' as const, InvoiceDisplayItems: [] };
    expect(planChangeSentence({ now: empty, renewal: null, appliesNow: true, currentPlan: 'Starter', currentTerm: 'Monthly', newPlan: 'Pro', newTerm: 'Monthly', periodEnd: '2026-12-15', today }))
      .toEqual({ key: 'nothingToday', plan: 'Pro', then: null });
  });
});
