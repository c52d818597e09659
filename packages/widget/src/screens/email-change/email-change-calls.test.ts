import { describe, expect, it } from 'vitest';
import { linkPage } from './email-change-calls.ts';

describe('the page an email change link opens', () => {
  it('is this page without earlier link tokens or a fragment', () => {
    expect(linkPage('https://shop.example/account?tab=profile&emailChangeToken=a&resetToken=b#top')).toBe('https://shop.example/account?tab=profile');
  });
});
