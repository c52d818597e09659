import { describe, expect, it } from 'vitest';
import { BILLING_RENEWAL_TERMS } from '@portico/core';
import { DEFAULT_CANCELLATION_REASONS } from '@portico/core/billing/cancellation';
import { enPlan } from './en-plan.ts';

describe('plan strings', () => {
  it('every default reason (stored as core writes it) and every term has its words', () => {
    expect(Object.keys(enPlan.reasons).sort()).toEqual([...DEFAULT_CANCELLATION_REASONS].sort());
    expect(Object.keys(enPlan.termValue).sort()).toEqual([...BILLING_RENEWAL_TERMS].sort());
  });

  it('the cancellation wording promises only what is true: the plan ends and does not renew', () => {
    const all = JSON.stringify(enPlan);
    expect(all).not.toMatch(/refund/i);
    expect(enPlan.cancelScreen.text).toContain('does not renew');
  });
});
