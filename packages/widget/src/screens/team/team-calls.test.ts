import { describe, expect, it } from 'vitest';
import { invitePage } from './team-calls.ts';

describe('team calls', () => {
  it('sends the host page without link tokens or a fragment as the invitation link', () => {
    expect(invitePage('https://shop.example/account?tab=team&resetToken=old&token=x#top')).toBe('https://shop.example/account?tab=team');
  });
});
