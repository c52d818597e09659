import { describe, expect, it } from 'vitest';
import { cancellationReasons, cancellingStageFor, DEFAULT_CANCELLATION_REASONS, isCancellingStage, planScreenView, visibleAddOns, type PlanScreenSubscription } from './cancellation.ts';

const sub = (over: Partial<PlanScreenSubscription> = {}): PlanScreenSubscription => ({
  Uid: 'sub-1', StartDate: '2026-01-10T00:00:00.000Z', EndDate: null, ExpirationDate: null, Plan: { Name: 'Pro' }, ...over,
});

describe('planScreenView (spec 2 section 2 "Plan")', () => {
  it('no current subscription: expired', () => {
    expect(planScreenView({ AccountStage: null, CurrentSubscription: null, LatestSubscription: null })).toEqual({ kind: 'expired' });
  });

  it('current = latest: change, edit and cancel links, no notice', () => {
    const s = sub();
    expect(planScreenView({ AccountStage: 'Subscribing', CurrentSubscription: s, LatestSubscription: s }))
      .toEqual({ kind: 'active', canChange: true, canEditOptions: true, canCancel: true, scheduledChange: null });
  });

  it('a scheduled change: the notice with the new plan and date; change and edit hidden, cancel shown (the latest has no EndDate)', () => {
    const current = sub({ EndDate: '2026-04-10T00:00:00.000Z' });
    const latest = sub({ Uid: 'sub-2', StartDate: '2026-04-10T00:00:00.000Z', Plan: { Name: 'Starter' } });
    expect(planScreenView({ AccountStage: null, CurrentSubscription: current, LatestSubscription: latest })).toEqual({
      kind: 'active', canChange: false, canEditOptions: false, canCancel: true,
      scheduledChange: { uid: 'sub-2', planName: 'Starter', startsOn: '2026-04-10T00:00:00.000Z' },
    });
  });

  it('the cancel link hides when the latest subscription has an EndDate', () => {
    const s = sub({ EndDate: '2026-04-10T00:00:00.000Z' });
    expect(planScreenView({ AccountStage: null, CurrentSubscription: s, LatestSubscription: s })).toMatchObject({ kind: 'active', canCancel: false });
  });

  it('cancelling: the end date; Restore plan only without an ExpirationDate', () => {
    const s = sub({ EndDate: '2026-04-10T00:00:00.000Z' });
    for (const stage of ['Cancelling', 'CancellingTrial']) {
      expect(planScreenView({ AccountStage: stage, CurrentSubscription: s, LatestSubscription: s })).toEqual({ kind: 'cancelling', endsOn: s.EndDate, canRestore: true });
    }
    const expiring = sub({ EndDate: '2026-04-10T00:00:00.000Z', ExpirationDate: '2026-04-10T00:00:00.000Z' });
    expect(planScreenView({ AccountStage: 'Cancelling', CurrentSubscription: expiring, LatestSubscription: expiring })).toMatchObject({ canRestore: false });
  });
});

describe('cancellation rules', () => {
  it('the default reasons are the spec\'s; a configured list replaces them', () => {
    expect(cancellationReasons(undefined)).toEqual(['Too expensive', 'Lacks features', 'Too hard to use', 'No longer necessary', 'Poor support', 'Other']);
    expect(cancellationReasons([])).toBe(DEFAULT_CANCELLATION_REASONS);
    expect(cancellationReasons(['Moving to another tool'])).toEqual(['Moving to another tool']);
  });

  it('stages', () => {
    expect(cancellingStageFor(true)).toBe('CancellingTrial');
    expect(cancellingStageFor(false)).toBe('Cancelling');
    expect(isCancellingStage('Cancelling')).toBe(true);
    expect(isCancellingStage('PastDue')).toBe(false);
    expect(isCancellingStage(null)).toBe(false);
  });

  it('ended add-ons are hidden; ending later ones stay', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    const addOns = [{ EndDate: null, n: 1 }, { EndDate: '2026-03-01T00:00:00.000Z', n: 2 }, { EndDate: '2026-04-01T00:00:00.000Z', n: 3 }];
    expect(visibleAddOns(addOns, now).map((a) => a.n)).toEqual([1, 3]);
  });
});
