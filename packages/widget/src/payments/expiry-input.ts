/**
 * The card expiry as the person types it (issue 13 section 2 item 2): digits become
 * `MM / YY`, a typed slash (or dash, or space) after the month is kept as the separator,
 * backspace over the separator removes it, and a pasted `12/2030` keeps its 4-digit
 * year (`12 / 2030`). Letters and other characters are dropped. Core's
 * `parseExpiration` reads every value this gives; what it refuses (month 13…) stays
 * visible so the field can say why.
 */
export const EXPIRY_SEPARATOR = ' / ';

/**
 * `next` is the input's new value, `previous` the value shown before the change: a
 * shorter `next` is a deletion, which never adds a separator back.
 */
export function formatExpiryInput(next: string, previous = ''): string {
  const deleting = next.length < previous.length;
  const text = next.replace(/[^\d/\s-]/g, '').replace(/^[\s/-]+/, '');
  const sep = /[\s/-]/.exec(text);
  let month = sep ? text.slice(0, sep.index) : text.replace(/\D/g, '');
  let year = sep ? text.slice(sep.index).replace(/\D/g, '') : '';
  const typedSeparator = sep !== null && month.length > 0;

  if (month.length > 2) {
    year = month.slice(2) + year;
    month = month.slice(0, 2);
  }
  // A first digit that cannot start a 2-digit month is the month: 4 -> 04. So is 1 then 3..9: 13 -> 01 / 3.
  if (month.length === 1 && month !== '0' && (typedSeparator || (!deleting && /[2-9]/.test(month)))) month = `0${month}`;
  else if (!typedSeparator && !deleting && /^1[3-9]$/.test(month)) {
    year = month[1]! + year;
    month = '01';
  }
  year = year.slice(0, 4);

  if (year) return `${month}${EXPIRY_SEPARATOR}${year}`;
  if (month.length < 2) return month;
  // Month complete, no year yet: show the separator when typing forward, or when it is still whole
  // (the year's last digit was deleted); a deletion inside the separator removes all of it.
  return !deleting || next.endsWith(EXPIRY_SEPARATOR) ? `${month}${EXPIRY_SEPARATOR}` : month;
}
