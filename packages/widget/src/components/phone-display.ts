import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored phone number (E.164, as the forms send it) in international display format:
 * '+14155552671' → '+1 415 555 2671' (issue 15). Anything libphonenumber-js cannot read is shown
 * as it is. Its own chunk, loaded by the views only when a phone number is on screen.
 */
export function phoneForDisplay(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed ? parsed.formatInternational() : value;
}
