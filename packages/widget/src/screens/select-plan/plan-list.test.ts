import { describe, expect, it } from 'vitest';
import type { InitSettings, WirePlan, WirePlanFamily } from '@portico/core';
import { SAMPLE_PLANS as DEMO_PLANS, SAMPLE_SETTINGS as DEMO_SETTINGS } from '../../components/billing/sample-catalog.ts';
import { catalogFromSettings } from '../../components/billing/catalog.ts';
import { chooseFamilyUid, offeredTerms, sortedActivePlans } from './plan-list.ts';

const fam = (Uid: string, IsDefault: boolean, Plans: WirePlan[], IsActive = true): WirePlanFamily => ({
  Uid, Name: Uid, IsDefault, IsActive, Plans: Plans.map((p) => ({ ...p, PlanFamily: { Uid } })),
});
const catalog = (families: WirePlanFamily[]) =>
  catalogFromSettings({ PlanFamilies: families, PaymentSettings: DEMO_SETTINGS.PaymentSettings } as InitSettings);

describe('selectPlan list (core rules over the settings catalogue)', () => {
  it('lists the active plans sorted by rate then name (inactive Legacy hidden)', () => {
    const c = catalog(DEMO_SETTINGS.PlanFamilies);
    expect(sortedActivePlans(c, chooseFamilyUid(c)).map((p) => p.Name)).toEqual(['Community', 'Pro', 'Team']);
  });

  it('chooses the family of the current plan, else of the latest plan, else the default, else any active; skips inactive families', () => {
    const c = catalog([fam('a', false, [DEMO_PLANS[0]!]), fam('b', true, [DEMO_PLANS[1]!]), fam('c', false, [DEMO_PLANS[2]!])]);
    expect(chooseFamilyUid(c)).toBe('b');
    expect(chooseFamilyUid(c, 'plan_free')).toBe('a');
    expect(chooseFamilyUid(c, null, 'plan_team')).toBe('c');
    expect(chooseFamilyUid(catalog([fam('a', false, [DEMO_PLANS[0]!])]))).toBe('a');
    expect(chooseFamilyUid(catalog([fam('x', true, [DEMO_PLANS[0]!], false)]))).toBeNull();
  });

  it('offers the recurring terms some listed plan has a rate for, in preference order', () => {
    const c = catalog(DEMO_SETTINGS.PlanFamilies);
    expect(offeredTerms(sortedActivePlans(c, chooseFamilyUid(c)))).toEqual(['Monthly', 'Yearly']);
  });

  it('maps the wire rates to minor units once', () => {
    const pro = catalog(DEMO_SETTINGS.PlanFamilies).plans.find((p) => p.Uid === 'plan_pro')!;
    expect([pro.MonthlyRate, pro.AnnualRate]).toEqual([2999, 29900]);
  });
});
