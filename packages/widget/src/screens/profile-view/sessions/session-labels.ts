import type { TFunction } from '../../../i18n/translator.ts';
import type { ProfileSession } from './sessions-calls.ts';

/** 'Chrome on macOS': the browser and the operating system the server read from the User-Agent. */
export function sessionName(s: ProfileSession, t: TFunction): string {
  const browser = s.Browser.Name;
  const os = s.OperatingSystem.Name;
  if (browser && os) return t('profileSessions.browserOnOs', { browser, os });
  return browser ?? os ?? t('profileSessions.unknownBrowser');
}

/** 'iPhone' when the model is known, else the kind of device ('Computer', 'Phone'). */
export function deviceName(s: ProfileSession, t: TFunction): string {
  return s.Device.Model ?? t(`profileSessions.device.${s.Device.Type}`);
}

/** 'Lisbon, Portugal', the country named in the widget's language from its code; null without a place. */
export function placeName(location: ProfileSession['Location'], locale: string): string | null {
  if (!location) return null;
  let country = location.Country;
  if (location.CountryCode) {
    try {
      country = new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(location.CountryCode) ?? country;
    } catch {
      // an unknown locale or code: the database's English name
    }
  }
  return [location.City, country].filter(Boolean).join(', ') || null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a session was last used, in the widget's language: relative within a week ('5 minutes
 * ago', 'yesterday'), else the date. `kind` picks the sentence around it.
 */
/** 'now' (under a minute: the screen says 'Active just now'), a relative time under a week, else a date. */
export function lastActive(iso: string, now: Date, locale: string): { kind: 'now' | 'relative' | 'date'; text: string } {
  const at = new Date(iso);
  const ago = Math.max(0, now.getTime() - at.getTime());
  if (ago >= 7 * DAY || Number.isNaN(ago)) {
    return { kind: 'date', text: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at) };
  }
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let text: string;
  if (ago < MINUTE) return { kind: 'now', text: rtf.format(0, 'second') };
  if (ago < HOUR) text = rtf.format(-Math.floor(ago / MINUTE), 'minute');
  else if (ago < DAY) text = rtf.format(-Math.floor(ago / HOUR), 'hour');
  else text = rtf.format(-Math.floor(ago / DAY), 'day');
  return { kind: 'relative', text };
}

/** The words a screen reader hears for a row's buttons: 'Chrome on macOS, 198.51.100.7'. */
export function sessionLabel(s: ProfileSession, t: TFunction): string {
  return [sessionName(s, t), s.IpAddress].filter(Boolean).join(', ');
}
