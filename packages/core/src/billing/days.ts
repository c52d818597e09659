/**
 * UTC calendar math on integer day numbers (days since 1970-01-01 UTC).
 * No Date objects on the hot path: ISO dates are parsed by hand and the
 * civil <-> day conversion is Howard Hinnant's algorithm.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';

export type DayNumber = number;

const MS_PER_DAY = 86_400_000;

export function daysFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date of a day number, packed as year * 10000 + month * 100 + day (no allocation). */
export function packedCivil(dayNumber: DayNumber): number {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

/**
 * The UTC day of an ISO date (`YYYY-MM-DD`), an ISO timestamp, a Date or an
 * epoch-millisecond number. Throws RangeError on anything unparseable.
 */
export function toDay(value: string | Date | number): DayNumber {
  if (typeof value === 'number') return Math.floor(value / MS_PER_DAY);
  if (typeof value !== 'string') return Math.floor(value.getTime() / MS_PER_DAY);
  if (value.length === 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45) {
    const y = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
    const m = digit(value, 5) * 10 + digit(value, 6);
    const d = digit(value, 8) * 10 + digit(value, 9);
    if (y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m)) return daysFromCivil(y, m, d);
    throw new RangeError(`Invalid date: ${value}`);
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${value}`);
  return Math.floor(ms / MS_PER_DAY);
}

/** True when `toDay` would accept the value. */
export function isValidDate(value: string): boolean {
  try {
    toDay(value);
    return true;
  } catch {
    return false;
  }
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `YYYY-MM-DD` of a day number. */
export function dayToIso(dayNumber: DayNumber): string {
  const p = packedCivil(dayNumber);
  const y = Math.floor(p / 10000);
  const md = p - y * 10000;
  return `${y}-${pad2(Math.floor(md / 100))}-${pad2(md % 100)}`;
}

/** Adds calendar months to a day, keeping the day of month where it exists, else the month's last day. */
export function addMonths(dayNumber: DayNumber, months: number): DayNumber {
  const p = packedCivil(dayNumber);
  const y = Math.floor(p / 10000);
  const m = Math.floor(p / 100) % 100;
  const d = p % 100;
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total - ty * 12 + 1;
  return daysFromCivil(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** Months in one period of a recurring term; 0 for OneTime. */
export function termMonths(term: BillingRenewalTerm): number {
  switch (term) {
    case 'Monthly': return 1;
    case 'Quarterly': return 3;
    case 'Yearly': return 12;
    default: return 0;
  }
}

/**
 * Start of the n-th period counted from the anchor. Always computed from the
 * anchor (never by chaining), so a Jan 31 anchor gives Feb 28/29, Mar 31, Apr 30.
 */
export function periodStartFromAnchor(anchor: DayNumber, term: BillingRenewalTerm, n: number): DayNumber {
  return addMonths(anchor, termMonths(term) * n);
}

export interface Period {
  index: number;
  start: DayNumber;
  /** Exclusive: the renewal day. */
  end: DayNumber;
}

/** The period of a recurring term (anchored) that contains `day`; index 0 for days before the anchor. */
export function periodContaining(anchor: DayNumber, term: BillingRenewalTerm, day: DayNumber): Period {
  const tm = termMonths(term);
  if (tm === 0) throw new RangeError('OneTime has no periods');
  if (day < anchor) return { index: 0, start: anchor, end: addMonths(anchor, tm) };
  const a = packedCivil(anchor);
  const b = packedCivil(day);
  const monthDiff = (Math.floor(b / 10000) - Math.floor(a / 10000)) * 12 + (Math.floor(b / 100) % 100) - (Math.floor(a / 100) % 100);
  let n = Math.max(0, Math.floor(monthDiff / tm));
  while (n > 0 && addMonths(anchor, tm * n) > day) n--;
  while (addMonths(anchor, tm * (n + 1)) <= day) n++;
  return { index: n, start: addMonths(anchor, tm * n), end: addMonths(anchor, tm * (n + 1)) };
}
