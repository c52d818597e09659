import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  LIST_CONFIRMATION_TOKEN_PARAM, LISTS_STATE_PARAM, PREFERENCES_LINK_TTL_DAYS, PREFERENCES_TOKEN_PARAM,
} from '@portico/core/email-lists/subscriptions';
import type { CompanyConfig } from '../config/company-config.schema.ts';

/**
 * The person token of mailed list links (docs/email-lists.md "Tokens"): `uid.expiry.mac`, an
 * HMAC-SHA256 under a key kept in the database (`email_list_link_keys`, made on first use, shared
 * by every node). Stateless, so every mail can carry a fresh one without a write; it names one person
 * and expires after PREFERENCES_LINK_TTL_DAYS. It is the credential of the public preferences calls,
 * never the bare person uid.
 */
export interface PersonLinkTokens {
  issue(personUid: string, now: Date): Promise<string>;
  /** The person a valid, unexpired token names; null for anything else. */
  verify(token: string, now: Date): Promise<string | null>;
}

const VERSION = 'pl1';
const TOKEN_PATTERN = /^([0-9A-Za-z_-]{1,64})\.(\d{1,12})\.([0-9A-Za-z_-]{43})$/;

export function personLinkTokens(keySource: (fresh: () => string) => Promise<string>): PersonLinkTokens {
  let cached: Buffer | null = null;
  const key = async () => (cached ??= Buffer.from(await keySource(() => randomBytes(32).toString('base64url')), 'base64url'));
  const mac = async (uid: string, exp: string) => createHmac('sha256', await key()).update(`${VERSION}.${uid}.${exp}`).digest();
  return {
    async issue(personUid, now) {
      const exp = String(Math.floor(now.getTime() / 1000) + PREFERENCES_LINK_TTL_DAYS * 86_400);
      return `${personUid}.${exp}.${(await mac(personUid, exp)).toString('base64url')}`;
    },
    async verify(token, now) {
      const m = TOKEN_PATTERN.exec(token);
      if (!m) return null;
      const [, uid, exp, given] = m as unknown as [string, string, string, string];
      const expected = await mac(uid, exp);
      const got = Buffer.from(given, 'base64url');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
      if (Number(exp) * 1000 <= now.getTime()) return null;
      return uid;
    },
  };
}

/** Where a company's list links go (config `emailListLinks`, defaults in company-config.schema.ts). */
export function listLinkPlaces(config: CompanyConfig): { page: string; server: string; mailto: string | null; redirect: string } {
  const links = config.emailListLinks;
  const page = links.pageUrl ?? config.company.websiteUrl ?? 'http://localhost/';
  return {
    page,
    server: (links.serverUrl ?? new URL(page).origin).replace(/\/+$/, ''),
    mailto: links.unsubscribeMailto ?? null,
    redirect: links.redirectUrl ?? config.company.websiteUrl ?? page,
  };
}

export interface PersonLinks {
  /** The site page opening `manage` for this person. */
  preferencesUrl: string;
  /** The site page opening `unsubscribe` (with a reason) for this person. */
  unsubscribeUrl: string;
  /** The server URL a mail provider POSTs `List-Unsubscribe=One-Click` to (RFC 8058). */
  oneClickUrl: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers of a mail to this person. */
  headers: Record<string, string>;
}

function pageLink(page: string, state: string, token: string, listUid?: string): string {
  const url = new URL(page);
  url.searchParams.set(LISTS_STATE_PARAM, state);
  url.searchParams.set(PREFERENCES_TOKEN_PARAM, token);
  if (listUid) url.searchParams.set('listUid', listUid);
  return url.toString();
}

export function personLinks(config: CompanyConfig, token: string, listUid?: string): PersonLinks {
  const places = listLinkPlaces(config);
  const oneClick = new URL(`${places.server}/api/v1/public/email-lists/one-click`);
  oneClick.searchParams.set('token', token);
  if (listUid) oneClick.searchParams.set('listUid', listUid);
  const oneClickUrl = oneClick.toString();
  const targets = [`<${oneClickUrl}>`];
  if (places.mailto) targets.push(`<mailto:${places.mailto}?subject=unsubscribe>`);
  return {
    preferencesUrl: pageLink(places.page, 'manage', token),
    unsubscribeUrl: pageLink(places.page, 'unsubscribe', token, listUid),
    oneClickUrl,
    headers: { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The confirmation page of a double opt-in (its one button POSTs the token; the page itself changes nothing). */
export function confirmationPageLink(config: CompanyConfig, token: string, listUid: string): string {
  const url = new URL(listLinkPlaces(config).page);
  url.searchParams.set(LISTS_STATE_PARAM, 'confirm');
  url.searchParams.set(LIST_CONFIRMATION_TOKEN_PARAM, token);
  url.searchParams.set('listUid', listUid);
  return url.toString();
}
