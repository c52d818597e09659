import { describe, expect, it } from 'vitest';
import { MAX_NOTICES, withNotice } from './notice-list.ts';

describe('withNotice', () => {
  it('replaces an earlier notice with the same message by the new one (shown once, announced again)', () => {
    const list = withNotice([{ id: 1, message: 'Profile updated' }, { id: 2, message: 'Password changed' }], { id: 3, message: 'Profile updated' });
    expect(list).toEqual([{ id: 2, message: 'Password changed' }, { id: 3, message: 'Profile updated' }]);
  });
  it(`keeps the newest ${MAX_NOTICES}`, () => {
    let list = withNotice([], { id: 1, message: 'a' });
    for (const [id, message] of [[2, 'b'], [3, 'c'], [4, 'd']] as const) list = withNotice(list, { id, message });
    expect(list.map((n) => n.message)).toEqual(['b', 'c', 'd']);
  });
});
