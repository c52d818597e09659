import { describe, expect, it } from 'vitest';
import { FIELDS_PATTERN, selectFields } from './fields.ts';

const account = {
  Uid: 'a1', Name: 'Acme', Tags: ['x'],
  CurrentSubscription: { Uid: 's1', Quantity: 2, Plan: { Uid: 'p1', Name: 'Pro', PlanAddOns: [{ AddOn: { Uid: 'x' } }] } },
  People: [{ Uid: 'u1', Email: 'a@b.co' }, { Uid: 'u2', Email: 'c@d.co' }],
};

describe('fields selection (spec: "fields" query parameter)', () => {
  it('returns the whole answer without a fields parameter', () => {
    expect(selectFields(account, undefined)).toBe(account);
  });
  it('selects dotted paths such as Uid,CurrentSubscription.Plan.Uid', () => {
    expect(selectFields(account, 'Uid,CurrentSubscription.Plan.Uid')).toEqual({ Uid: 'a1', CurrentSubscription: { Plan: { Uid: 'p1' } } });
  });
  it('takes plain values only for a * wildcard', () => {
    expect(selectFields(account, '*')).toEqual({ Uid: 'a1', Name: 'Acme', Tags: ['x'] });
  });
  it('applies a nested wildcard to each list item', () => {
    expect(selectFields(account, 'People.Email')).toEqual({ People: [{ Email: 'a@b.co' }, { Email: 'c@d.co' }] });
    expect(selectFields(account, 'CurrentSubscription.*')).toEqual({ CurrentSubscription: { Uid: 's1', Quantity: 2 } });
  });
  it('a path that stops at an object takes the whole object, even beside a deeper path', () => {
    expect(selectFields(account, 'CurrentSubscription.Plan,CurrentSubscription.Plan.Uid')).toEqual({ CurrentSubscription: { Plan: account.CurrentSubscription.Plan } });
  });
  it('rejects malformed field lists by pattern', () => {
    expect(FIELDS_PATTERN.test('Uid,Plan.*')).toBe(true);
    expect(FIELDS_PATTERN.test('Uid,,Plan')).toBe(false);
    expect(FIELDS_PATTERN.test('Plan..Uid')).toBe(false);
    expect(FIELDS_PATTERN.test('Uid;drop')).toBe(false);
  });
});
