import { describe, expect, it } from 'vitest';
import { postLoginRedirectUrl } from './post-login-url.ts';
import { takeAccessToken } from '../loader/address-token.ts';

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
  it('an anchor stays as written, and a stale token in the URL is replaced, so the landing page gets its address back exactly', () => {
    expect(postLoginRedirectUrl('https://app.example/?signed-in=1#pricing', 't', { tokenInQuery: false })).toBe('https://app.example/?signed-in=1#pricing&access_token=t');
    expect(postLoginRedirectUrl('https://app.example/#access_token=old&view=grid', 'new', { tokenInQuery: false })).toBe('https://app.example/#view=grid&access_token=new');
    expect(takeAccessToken(postLoginRedirectUrl('https://app.example/a?x=%20y&signed-in=1#top', 'a.b.c', { tokenInQuery: false })!))
      .toEqual({ token: 'a.b.c', cleanHref: 'https://app.example/a?x=%20y&signed-in=1#top' });
  });
  it('null when no URL is set or it is not http(s); a relative URL resolves against the page', () => {
    expect(postLoginRedirectUrl(null, 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('  ', 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('javascript:alert(1)', 't', { tokenInQuery: false })).toBeNull();
    expect(postLoginRedirectUrl('/members', 't', { tokenInQuery: false, base: 'https://site.example/page' })).toBe('https://site.example/members#access_token=t');
  });
});
