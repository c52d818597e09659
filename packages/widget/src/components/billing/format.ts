import { formatMoney } from '@portico/core';

/** Spec 2 "Dates are shown in medium style": Intl dateStyle 'medium', read as UTC calendar days. */
export function formatDate(iso: string, locale = 'en-US'): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Minor units as money in the site's currency. */
export function formatAmount(minor: number, currency: string, locale = 'en-US'): string {
  try {
    return formatMoney(minor, currency, locale);
  } catch {
    return formatMoney(minor, currency);
  }
}
