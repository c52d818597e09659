import { describe, expect, expectTypeOf, it } from 'vitest';
import { parseStateParams } from './state-params.ts';
import type { StateParams } from './state-params.ts';

describe('params per state', () => {
  it('keep what each state understands and drop the rest (a host page\'s typo never reaches a screen)', () => {
    expect(parseStateParams('checkout', { planUid: 'plan_pro', term: 'Yearly', nextState: 'register', coupon: 'X' })).toEqual({ planUid: 'plan_pro', term: 'Yearly', nextState: 'register' });
    expect(parseStateParams('checkout', { planUid: '', term: 'Weekly', nextState: 'nowhere' })).toEqual({});
    expect(parseStateParams('selectPlan', { nextState: 'checkout', upgradeMode: 'true', next: 'checkout' })).toEqual({ nextState: 'checkout', upgradeMode: true });
    expect(parseStateParams('registerConfirmation', { variant: 'almostDone' })).toEqual({ variant: 'almostDone' });
    expect(parseStateParams('registerConfirmation', { variant: 'other' })).toEqual({});
    expect(parseStateParams('register', { planUid: 'plan-pro', term: 'Monthly', skipPlanOptions: 'true', fixedPlan: 'yes' })).toEqual({ planUid: 'plan-pro', term: 'Monthly', skipPlanOptions: true });
    expect(parseStateParams('processing', { action: 'signUp', from: 'checkout' })).toEqual({ action: 'signUp', from: 'checkout' });
  });

  it('a state without params takes none', () => {
    expect(parseStateParams('billing', { anything: 1 })).toEqual({});
    expect(parseStateParams('__controls', undefined)).toEqual({});
  });

  it('types follow the state', () => {
    expectTypeOf<StateParams<'checkout'>>().toEqualTypeOf<{ nextState?: import('@portico/core').StateName; planUid?: string; term?: import('@portico/core').BillingRenewalTerm; fixedPlan?: boolean }>();
    expectTypeOf<StateParams<'billing'>>().toEqualTypeOf<Record<string, never>>();
  });
});
