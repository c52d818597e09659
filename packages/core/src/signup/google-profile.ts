import type { ConfiguredField } from '../fields/configured-fields.ts';
import { emptyValue, type FieldValues } from '../fields/field-values.ts';
import { validateFields, type FieldRuleOptions } from '../fields/field-rules.ts';

/** The ID token claims "Sign in with Google" fills a sign-up from (Google's claim names). */
export interface GoogleClaims {
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

export interface GoogleRegistration {
  /** The form's values: every configured field, the ones Google knows filled in. */
  values: FieldValues;
  /**
   * "Full valid Google data" (spec 1 section 4): the email is verified and every configured field is
   * valid with these values, so the sign-up can be submitted without showing the form. The screen
   * still needs its own parts (terms, payment, captcha) before it submits.
   */
  complete: boolean;
  /** Paths of the fields still to fill or fix, in form order. */
  missing: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Which claim fills which person field (others, like the picture URL, are not form values). */
const CLAIM_OF: Record<string, (c: GoogleClaims) => string> = {
  'Person.Email': (c) => text(c.email),
  'Person.FirstName': (c) => text(c.given_name) || text(c.name).split(/\s+/)[0] || '',
  'Person.LastName': (c) => text(c.family_name),
};

/**
 * Maps the claims of a Google credential onto the registration fields. Pure: the widget decodes the
 * token only to prefill; the server verifies it (verify-google-id-token.ts) before trusting the email.
 * `rules`: the control rules of the form's fields (core's FieldRuleOptions; needed when they have an address).
 */
export function googleProfileToRegistration(
  claims: GoogleClaims, fields: readonly ConfiguredField[], current: FieldValues = {}, rules: FieldRuleOptions = {},
): GoogleRegistration {
  const values: FieldValues = {};
  for (const field of fields) {
    const fromGoogle = CLAIM_OF[field.path]?.(claims);
    values[field.path] = fromGoogle || (current[field.path] ?? emptyValue(field));
  }
  // Sign-up always has an email; it comes from Google even when no field shows it.
  if (!(('Person.Email') in values)) values['Person.Email'] = text(claims.email);
  const errors = validateFields(fields, values, rules);
  const missing = [...new Set(errors.map((e) => fields.find((f) => e.Field === f.path || e.Field.startsWith(`${f.path}.`))?.path ?? e.Field))];
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return { values, complete: verified && text(claims.email) !== '' && errors.length === 0, missing };
}
