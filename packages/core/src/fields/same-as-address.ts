/**
 * The one rule for an address whose definition offers 'Same as <other>' (the account's mailing
 * address, SameAsObject BillingAddress), read by the account view and the account edit form alike
 * (issue 15: the view said 'Not set' while the form ticked 'Same as billing', and saving unchanged
 * stored a copy). Three states:
 * - 'same': both addresses are filled and every part matches (their Uids differ): the view says
 *   'Same as billing address', the form opens with the box ticked;
 * - 'empty': nothing saved: the view says 'Not set', the form opens unticked and empty (the box's
 *   default, SameAsLabelDefault, is for a new entity, at sign-up: opening an edit with it ticked
 *   would store a copy the person never asked for);
 * - 'own': a different address: shown in full, the form unticked with its parts.
 */
export type SameAsState = 'same' | 'empty' | 'own';

type Part = 'AddressLine1' | 'AddressLine2' | 'AddressLine3' | 'City' | 'State' | 'PostalCode' | 'Country';

/** An address as the views show it: line 1 (and 2), then 'City, State  PostalCode' (two spaces, spec 2), then the country. */
export function addressLines(a: unknown): string[] {
  if (!a || typeof a !== 'object') return [];
  const x = a as Record<string, unknown>;
  const part = (k: Part) => (typeof x[k] === 'string' ? (x[k] as string).trim() : '');
  const cityState = [part('City'), part('State')].filter(Boolean).join(', ');
  const last = [cityState, part('PostalCode')].filter(Boolean).join('  ');
  return [part('AddressLine1'), part('AddressLine2'), part('AddressLine3'), last, part('Country')].filter(Boolean);
}

/** Two addresses are the same when every part matches, ignoring case and spaces around parts. */
export function sameAddress(a: unknown, b: unknown): boolean {
  const text = (v: unknown) => addressLines(v).join('\n').toLowerCase();
  return text(a) !== '' && text(a) === text(b);
}

/** The state of `own` beside the address it may copy (`other`). */
export function sameAsState(own: unknown, other: unknown): SameAsState {
  if (addressLines(own).length === 0) return 'empty';
  return sameAddress(own, other) ? 'same' : 'own';
}
