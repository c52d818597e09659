import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postLoginRedirectUrl } from '../signin/post-login-url.ts';
import { takeAccessToken } from './address-token.ts';

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJwLTEifQ.c2ln_-';

describe('the access token leaves the address at once (issue 13 item 5)', () => {
  it('from the fragment: only the token goes, markers such as signed-in=1 stay as written, an emptied fragment goes entirely', () => {
    expect(takeAccessToken(`https://site.example/?signed-in=1#access_token=${JWT}`)).toEqual({ token: JWT, cleanHref: 'https://site.example/?signed-in=1' });
    expect(takeAccessToken(`https://site.example/account.html#pricing&access_token=${JWT}`)).toEqual({ token: JWT, cleanHref: 'https://site.example/account.html#pricing' });
    expect(takeAccessToken(`https://site.example/#view=grid&access_token=${JWT}&b=%2F`)).toEqual({ token: JWT, cleanHref: 'https://site.example/#view=grid&b=%2F' });
  });

  it('from the query (the company asked for it): the rest of the query and the fragment are kept byte for byte', () => {
    expect(takeAccessToken(`https://site.example/home?signed-in=1&access_token=${JWT}&q=a+b%20c#top`))
      .toEqual({ token: JWT, cleanHref: 'https://site.example/home?signed-in=1&q=a+b%20c#top' });
    expect(takeAccessToken(`https://site.example/home?access_token=${JWT}`)).toEqual({ token: JWT, cleanHref: 'https://site.example/home' });
  });

  it('every copy goes, however it is encoded; a value that is not a token is removed but never kept', () => {
    expect(takeAccessToken(`https://site.example/?access%5Ftoken=${JWT}#access_token=${JWT}`)).toEqual({ token: JWT, cleanHref: 'https://site.example/' });
    expect(takeAccessToken('https://site.example/?a=1#access_token=<script>')).toEqual({ token: null, cleanHref: 'https://site.example/?a=1' });
    expect(takeAccessToken('https://site.example/#access_token')).toEqual({ token: null, cleanHref: 'https://site.example/' });
  });

  it('an address without it is left alone, names that only contain it included', () => {
    expect(takeAccessToken('https://site.example/?signed-in=1#top')).toBeNull();
    expect(takeAccessToken('https://site.example/?my_access_token=x&access_token_hint=y#xaccess_token=z')).toBeNull();
    expect(takeAccessToken('https://site.example/%E0%A4%A')).toBeNull(); // a malformed escape does not throw
  });

  it('whatever the post-login URL was, the landing page gets exactly that address back (fragment or query)', () => {
    const part = fc.stringMatching(/^[a-z0-9_.~-]{1,6}(=[a-z0-9_.~%+-]{0,6})?$/).filter((p) => !p.startsWith('access_token') && !/%(?![0-9a-f]{2})/i.test(p));
    fc.assert(fc.property(fc.array(part, { maxLength: 4 }), fc.array(part, { maxLength: 3 }), fc.boolean(), (query, hash, inQuery) => {
      const target = `https://site.example/page${query.length ? `?${query.join('&')}` : ''}${hash.length ? `#${hash.join('&')}` : ''}`;
      const taken = takeAccessToken(postLoginRedirectUrl(target, JWT, { tokenInQuery: inQuery })!);
      expect(taken).toEqual({ token: JWT, cleanHref: new URL(target).href });
    }));
  });
});
