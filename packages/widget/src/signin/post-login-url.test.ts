import { describe, expect, it } from 'vitest';
import { postLoginRedirectUrl } from './post-login-url.ts';

describe('postLoginRedirectUrl', () => {
  it('puts the token in the fragment by default, keeps extra query values, drops confirmationToken and resetToken', () => {
    const url = postLoginRedirectUrl('https://app.example/home?tab=1&resetToken=r&confirmationToken=c', 'a.b.c', { tokenInQuery: false, extraQuery: { ref: 'mail' } });
    expect(url).toBe('https://app.example/home?tab=1&ref=mail#access_token=a.b.c');
    expect(new URL(url!).searchParams.has('access_token')).toBe(false);
  });
  it('in the query only when the company asks', () => {
    expect(postLoginRedirectUrl('https://app.example/home#top', 't', { tokenInQuery: true })).toBe('https://app.example/home?access_token=t#top');
  });
  it('keeps a fragment the URL already has', () => {
    expect(postLoginRedirectUrl('https://app.example/#view=grid', 't', { tokenInQuery: false })).toBe('https://app.example/#view=grid&access_token=t');
  });
  it('null when no URL is set or it is not http(s); a relative URL resolves against the page', () => {
    expect(postLoginRedirectUrl(null, 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('  ', 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('javascript:alert(1)', 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('/members', 't', { tokenInQuery: false, base: 'https://site.example/page' })).toBe('https://site.example/members#access_token=t');
  });
});
