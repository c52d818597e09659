import { describe, expect, it } from 'vitest';
import { canInvite, inviteRefusal, pageLinks } from './team-rules.ts';

describe('inviteRefusal', () => {
  it('per-user plans need a free seat', () => {
    expect(inviteRefusal({ isPerUser: true, quantity: 3, maximumPeople: null, members: 2 })).toBeNull();
    expect(inviteRefusal({ isPerUser: true, quantity: 3, maximumPeople: null, members: 3 })).toBe('seats');
    expect(inviteRefusal({ isPerUser: true, quantity: 0, maximumPeople: null, members: 1 })).toBe('seats');
  });
  it('the quantity does not count on other plans', () => {
    expect(canInvite({ isPerUser: false, quantity: 1, maximumPeople: null, members: 5 })).toBe(true);
  });
  it('a maximum, when set, must exceed the members', () => {
    expect(inviteRefusal({ isPerUser: false, quantity: 1, maximumPeople: 3, members: 2 })).toBeNull();
    expect(inviteRefusal({ isPerUser: false, quantity: 1, maximumPeople: 3, members: 3 })).toBe('maximumPeople');
    expect(inviteRefusal({ isPerUser: true, quantity: 10, maximumPeople: 3, members: 3 })).toBe('maximumPeople');
    expect(inviteRefusal({ isPerUser: false, quantity: 1, maximumPeople: 0, members: 30 })).toBeNull();
  });
});

describe('pageLinks', () => {
  it('is hidden when the total is not above the limit', () => {
    expect(pageLinks({ total: 25, limit: 25, offset: 0 })).toEqual([]);
    expect(pageLinks({ total: 0, limit: 25, offset: 0 })).toEqual([]);
  });
  it('shows up to 5 pages around the current one', () => {
    expect(pageLinks({ total: 26, limit: 25, offset: 0 })).toEqual([1, 2]);
    expect(pageLinks({ total: 250, limit: 25, offset: 0 })).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks({ total: 250, limit: 25, offset: 25 * 5 })).toEqual([4, 5, 6, 7, 8]);
    expect(pageLinks({ total: 250, limit: 25, offset: 25 * 9 })).toEqual([6, 7, 8, 9, 10]);
    expect(pageLinks({ total: 100, limit: 25, offset: 50 })).toEqual([1, 2, 3, 4]);
  });
});
