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

describe('the signed-in gate in the navigation state', () => {
  it('requireSignIn shows login in place of the state, keeping it (with its params) to return to', () => {
    let nav = navReducer(initialNav('profile'), { type: 'goTo', state: 'team', params: { offset: 25 } });
    nav = navReducer(nav, { type: 'requireSignIn' });
    expect(nav.current).toEqual({ state: 'login', params: {} });
    expect(nav.returnTo).toEqual({ state: 'team', params: { offset: 25 } });
    expect(nav.history).toEqual([{ state: 'profile', params: {} }]);
    // Moves inside the sign-in (forgot password and back) keep the way back.
    nav = navReducer(nav, { type: 'goTo', state: 'forgotPassword' });
    nav = navReducer(nav, { type: 'back' });
    expect(nav.returnTo).toEqual({ state: 'team', params: { offset: 25 } });
    nav = navReducer(nav, { type: 'resume' });
    expect(nav.current).toEqual({ state: 'team', params: { offset: 25 } });
    expect(nav.returnTo).toBeUndefined();
    expect(navReducer(nav, { type: 'resume' })).toBe(nav);
  });

  it('on the first screen the gate is quiet (no focus move); a resume is quiet only when asked', () => {
    const nav = navReducer(initialNav('team'), { type: 'requireSignIn' });
    expect(nav.current).toEqual({ state: 'login', params: {}, quiet: true });
    expect(nav.returnTo).toEqual({ state: 'team', params: {} });
    expect(navReducer(nav, { type: 'requireSignIn' })).toBe(nav);
    expect(navReducer(nav, { type: 'resume', quiet: true }).current).toEqual({ state: 'team', params: {}, quiet: true });
    expect(navReducer(nav, { type: 'resume' }).current).toEqual({ state: 'team', params: {} });
  });

  it('a screen sending the person to log in starts afresh: the way back is dropped', () => {
    let nav = navReducer(navReducer(initialNav('team'), { type: 'goTo', state: 'teamMemberPromote', params: { uid: 'pa_1' } }), { type: 'requireSignIn' });
    nav = navReducer(nav, { type: 'goTo', state: 'login', replace: true });
    expect(nav.returnTo).toBeUndefined();
  });
});
