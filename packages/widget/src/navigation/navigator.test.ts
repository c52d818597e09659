import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { initialNav, navReducer } from './navigator.ts';

describe('navReducer', () => {
  it('pushes on goTo and pops on back', () => {
    let nav = initialNav('selectPlan');
    nav = navReducer(nav, { type: 'goTo', state: 'register', params: { planUid: 'p1' } });
    expect(nav.current).toEqual({ state: 'register', params: { planUid: 'p1' } });
    nav = navReducer(nav, { type: 'back' });
    expect(nav.current.state).toBe('selectPlan');
    expect(navReducer(nav, { type: 'back' })).toBe(nav);
  });

  it('replaces without history when asked', () => {
    const nav = navReducer(initialNav('login'), { type: 'goTo', state: 'profile', replace: true });
    expect(nav.history).toEqual([]);
  });

  it('errors travel to the target state and are gone once it is left and returned to', () => {
    const errors = [{ code: ErrorCode.PaymentInformationSetupFailed }];
    let nav = navReducer(initialNav('checkout'), { type: 'goTo', state: 'register', errors });
    expect(nav.current.errors).toEqual(errors);
    nav = navReducer(nav, { type: 'goTo', state: 'selectPlan' });
    expect(nav.current.errors).toBeUndefined();
    nav = navReducer(nav, { type: 'back' });
    expect(nav.current).toEqual({ state: 'register', params: {} });
  });
});
