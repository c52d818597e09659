import { describe, expect, it } from 'vitest';
import { invitePage, memberName } from './team-calls.ts';

describe('team calls', () => {
  it('names a person by name, else by email', () => {
    expect(memberName({ FirstName: 'Ada', LastName: 'Lovelace', Email: 'a@example.com' })).toBe('Ada Lovelace');
    expect(memberName({ FirstName: ' ', LastName: null, Email: 'a@example.com' })).toBe('a@example.com');
    expect(memberName({ FirstName: null, LastName: 'Hopper', Email: 'g@example.com' })).toBe('Hopper');
  });
  it('sends the host page without link tokens or a fragment as the invitation link', () => {
    expect(invitePage('https://shop.example/account?tab=team&resetToken=old&token=x#top')).toBe('https://shop.example/account?tab=team');
  });
});
