import { ErrorCode } from '@portico/core';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { requireSiteUrl, siteLinkPage } from './site-url.ts';

const allowed: ReadonlySet<string> = new Set(['https://shop.example', 'http://localhost:3000']);
const MESSAGE = 'returnUrl must be a page on one of the company\'s sites.';

/** The refusal requireSiteUrl/siteLinkPage throw, as the error handler would send it. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).toBody();
  }
  throw new Error('expected a refusal');
}

describe('requireSiteUrl: only an http(s) page of an allowed origin', () => {
  it.each([
    'https://shop.example',
    'https://shop.example/',
    'https://shop.example/account/team?tab=1#top',
    'https://SHOP.example:443/path',
    'http://localhost:3000/signup',
    // A backslash is a slash in http(s) URLs: this is a path on shop.example, not a login at evil.example.
    'https://shop.example\\@evil.example/',
  ])('accepts %s', (value) => {
    expect(allowed.has(requireSiteUrl(value, allowed, 'query.returnUrl', MESSAGE).origin)).toBe(true);
  });

  it.each([
    ['another origin', 'https://evil.example/account'],
    ['the same host over http', 'http://shop.example/'],
    ['another port', 'https://shop.example:8443/'],
    ['a subdomain', 'https://www.shop.example/'],
    ['a look-alike suffix', 'https://shop.example.evil.example/'],
    ['a trailing-dot host', 'https://shop.example./'],
    ['userinfo naming the good host', 'https://shop.example@evil.example/'],
    ['userinfo with a password', 'https://shop.example:443@evil.example/'],
    ['a backslash before the host', 'https:\\\\evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: dressed as the site', 'javascript://shop.example/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['another scheme on the site host', 'ftp://shop.example/'],
    ['protocol-relative', '//evil.example/'],
    ['protocol-relative to the site itself (no base to read it against)', '//shop.example/'],
    ['a path alone', '/account'],
    ['not a URL', 'not a url'],
    ['empty', ''],
  ])('refuses %s', (_why, value) => {
    expect(refusal(() => requireSiteUrl(value, allowed, 'query.returnUrl', MESSAGE))).toEqual({
      Status: 400, ErrorCode: ErrorCode.ValidationFailed, Message: MESSAGE,
      FieldErrors: [{ Field: 'query.returnUrl', ErrorCode: ErrorCode.InvalidValue, Message: MESSAGE }],
    });
  });

  it('refuses everything when no origin is allowed', () => {
    expect(refusal(() => requireSiteUrl('https://shop.example/', new Set(), 'f', MESSAGE)).Status).toBe(400);
  });
});

describe('siteLinkPage: the page a mailed link opens', () => {
  it('drops an older link\'s token and the fragment, keeping the page and its other query values', () => {
    const page = 'https://shop.example/account?tab=team&resetToken=a&confirmationToken=b&token=c&emailChangeToken=d&emailChangeUndoToken=e#top';
    expect(siteLinkPage(page, allowed, 'query.parentUrl', MESSAGE)).toBe('https://shop.example/account?tab=team');
  });

  it('is Required when there is no page at all', () => {
    for (const missing of [undefined, null, '']) {
      expect(refusal(() => siteLinkPage(missing, allowed, 'query.parentUrl', MESSAGE)).FieldErrors)
        .toEqual([{ Field: 'query.parentUrl', ErrorCode: ErrorCode.Required, Message: MESSAGE }]);
    }
  });

  it('refuses a page off the allowed origins as requireSiteUrl does', () => {
    expect(refusal(() => siteLinkPage('https://shop.example@evil.example/', allowed, 'query.parentUrl', MESSAGE)).FieldErrors)
      .toEqual([{ Field: 'query.parentUrl', ErrorCode: ErrorCode.InvalidValue, Message: MESSAGE }]);
  });
});
