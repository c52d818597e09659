import { describe, expect, it } from 'vitest';
import { caseChangedMessage, parseCaseChanged } from './console-feed-protocol.ts';

const now = new Date('2026-12-01T10:00:00Z');

describe('console feed protocol', () => {
  it('a change round-trips through its bus message', () => {
    const at = new Date('2026-12-01T09:59:58.123Z');
    expect(parseCaseChanged(caseChangedMessage('case-1', at), now)).toEqual({ CaseUid: 'case-1', Updated: '2026-12-01T09:59:58.123Z' });
  });
  it('an empty message (the bus may have lost messages) or an unreadable one means: reload everything', () => {
    for (const message of ['', 'not json', '{"CaseUid":""}', '{"CaseUid":5,"Updated":"x"}', 'null', '[]']) {
      expect(parseCaseChanged(message, now)).toEqual({ CaseUid: null, Updated: now.toISOString() });
    }
  });
});
