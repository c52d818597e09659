import { describe, expect, it } from 'vitest';
import { demoPlan } from './test-catalog.ts';
import { detailPrice, showsExpires, trialInfo, unitFor } from './plan-detail-logic.ts';
import { formatAmount, formatDate } from './format.ts';

const now = new Date('2024-04-01T12:00:00Z');

describe('plan detail block logic', () => {
  it('trial text: days, or an until-date after today that wins over days', () => {
    const pro = demoPlan('plan_pro');
    expect(trialInfo(pro, now)).toEqual({ kind: 'days', count: 14 });
    expect(trialInfo({ ...pro, TrialUntilDate: '2024-05-01' }, now)).toEqual({ kind: 'until', date: '2024-05-01' });
    expect(trialInfo({ ...pro, TrialUntilDate: '2024-03-01' }, now)).toEqual({ kind: 'days', count: 14 });
    expect(trialInfo(demoPlan('plan_free'), now)).toBeNull();
  });

  it('unit: singular for one, plural otherwise, none without a unit', () => {
    const team = demoPlan('plan_team');
    expect(unitFor(team, 1)).toBe('seat');
    expect(unitFor(team, 3)).toBe('seats');
    expect(unitFor({ UnitOfMeasure: '10 GB' }, 2)).toBe('10 GB');
    expect(unitFor(demoPlan('plan_pro'), 2)).toBeNull();
  });

  it("'Expires' only for non-one-time terms with a date", () => {
    expect(showsExpires('Monthly', '2024-05-01')).toBe(true);
    expect(showsExpires('OneTime', '2024-05-01')).toBe(false);
    expect(showsExpires('Yearly', null)).toBe(false);
  });

  it('price per term from core rateFor (OneTime falls back to monthly), per unit for per-user plans', () => {
    expect(detailPrice(demoPlan('plan_pro'), 'Yearly')).toEqual({ amount: 29900, perUnit: false });
    expect(detailPrice(demoPlan('plan_pro'), 'OneTime')).toEqual({ amount: 2999, perUnit: false });
    expect(detailPrice(demoPlan('plan_team'), 'Monthly')).toEqual({ amount: 7900, perUnit: true });
    expect(detailPrice(demoPlan('plan_pro'), 'Quarterly')).toBeNull();
  });

  it('formats dates in medium style (UTC days) and money in the currency', () => {
    expect(formatDate('2024-04-01')).toBe('Apr 1, 2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('Dec 31, 2024');
    expect(formatAmount(2999, 'USD')).toBe('$29.99');
    expect(formatAmount(3000, 'JPY')).toBe('¥3,000');
  });
});
