/**
 * How a person is named to others: in mail ("Ada Lovelace invited you"), on the team list, on the
 * host page (Portico.getUser().person.FullName), after sign-in ("ask Ada Lovelace") and as the name
 * of an account registered without one. The one rule, shared by the server and the widget.
 * Import as `@portico/core/profile/display-name`.
 */

type NamePart = string | null | undefined;

/** "First Last", each part trimmed and a blank one left out; '' when the person gave no name. */
export function fullName(firstName: NamePart, lastName: NamePart): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
}

/** The person's full name, else their email (trimmed); '' only when neither is known. */
export function displayName(firstName: NamePart, lastName: NamePart, email: NamePart): string {
  return fullName(firstName, lastName) || (email?.trim() ?? '');
}
