import { beforeEach, describe, expect, it } from 'vitest';
import { demoEndOtherSessions, demoEndSession, demoSessions, resetDemoSessions } from './demo-sessions.ts';
import { DemoRefusal } from './demo-transport.ts';

const now = new Date('2026-03-15T12:00:00.000Z');
beforeEach(() => resetDemoSessions());

describe('demo sessions', () => {
  it('lists this browser first and two others; ends one, then the rest; per persona', () => {
    const first = demoSessions('teamOwner', now);
    expect(first.items.map((s) => [s.Uid, s.IsCurrent])).toEqual([['ses_this', true], ['ses_phone', false], ['ses_work', false]]);
    expect(first.items[0]!.LastSeen).toBe(now.toISOString());
    demoEndSession('teamOwner', 'ses_phone', now);
    expect(demoSessions('teamOwner', now).items.map((s) => s.Uid)).toEqual(['ses_this', 'ses_work']);
    expect(() => demoEndSession('teamOwner', 'ses_phone', now)).toThrow(DemoRefusal);
    expect(demoEndOtherSessions('teamOwner', now)).toEqual({ Ended: 1 });
    expect(demoSessions('teamOwner', now).metadata.total).toBe(1);
    expect(demoSessions('freeMember', now).metadata.total).toBe(3);
  });
});
