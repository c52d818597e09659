import { ErrorCode } from '@portico/core';
import { fieldError, validationError } from './app-error.ts';

/**
 * A URL the server will send a browser to (a provider's return_url, the billing portal's way back)
 * must be an http(s) page of one of the company's site origins (or this server's): never an open
 * redirect. Throws a 400 naming `field`; returns the parsed URL.
 */
export function requireSiteUrl(value: string, allowed: ReadonlySet<string>, field: string, message: string): URL {
  let url: URL | null = null;
  try { url = new URL(value); } catch { url = null; }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !allowed.has(url.origin)) {
    throw validationError([fieldError(field, ErrorCode.InvalidValue, message)]);
  }
  return url;
}

/** The query values of Portico's own mailed links: a page never carries an older link's token into a new link. */
export const LINK_TOKEN_PARAMS = ['resetToken', 'confirmationToken', 'token', 'emailChangeToken', 'emailChangeUndoToken'] as const;

/**
 * The page a mailed link opens (a reset link, an email change's link and its undo): an http(s)
 * page of a site origin (requireSiteUrl), without an older link's token or a fragment. Missing:
 * 400 Errors.Required on `field`. The token is added by the mail handler when it sends.
 */
export function siteLinkPage(target: string | null | undefined, allowed: ReadonlySet<string>, field: string, message: string): string {
  if (!target) throw validationError([fieldError(field, ErrorCode.Required, message)]);
  const url = requireSiteUrl(target, allowed, field, message);
  for (const k of LINK_TOKEN_PARAMS) url.searchParams.delete(k);
  url.hash = '';
  return url.toString();
}
