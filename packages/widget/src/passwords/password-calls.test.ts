import { describe, expect, it } from 'vitest';
import { pageForLink } from './password-calls.ts';

describe('the page a reset link comes back to', () => {
  it('is this page without link tokens or fragment, other query values kept', () => {
    expect(pageForLink('https://shop.example/account?tab=2&resetToken=old&token=t#x')).toBe('https://shop.example/account?tab=2');
    expect(pageForLink('https://shop.example/?confirmationToken=c')).toBe('https://shop.example/');
  });
});
