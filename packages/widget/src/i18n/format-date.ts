/**
 * The one date format of the profile and team screens (spec: "Dates are shown in medium style"):
 * Intl's dateStyle 'medium', e.g. 'Nov 27, 2026' in English. A calendar day ('2026-11-27', a Date
 * field) is that day wherever the reader is; a moment ('2026-11-27T09:30:00Z', an invitation's
 * time) is the day it was where the reader is. Anything unreadable is shown as it came.
 */
export function formatMediumDate(value: string, locale: string, timeZone?: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const zone = day ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(zone ? { timeZone: zone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(zone ? { timeZone: zone } : {}) }).format(date);
  }
}

/**
 * The long date style (spec: 'Your subscription is scheduled to end on {date}' in long date style):
 * Intl's dateStyle 'long', e.g. 'December 27, 2026' in English; read as formatMediumDate reads.
 * A plan's period boundary is a calendar day for everyone: its callers pass timeZone 'UTC', so the
 * end is not shown as the evening before in the Americas.
 */
export function formatLongDate(value: string, locale: string, timeZone?: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const zone = day ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...(zone ? { timeZone: zone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', ...(zone ? { timeZone: zone } : {}) }).format(date);
  }
}

/** A chat message's time in the reader's local time (spec 2 section 9: "Chat message time in local time format"), e.g. '10:42 AM'. */
export function formatLocalTime(value: string, locale: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
  }
}
