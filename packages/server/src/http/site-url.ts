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
