import { ErrorCode } from '@portico/core';
import { canChangeEmail, profileEditFields, profileEntries } from '@portico/core/profile/profile-fields';
import { requirePerson } from '../accounts/account-access.ts';
import { PERSON_FIELD_RULES } from '../fields/field-rule-options.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { checkEdit } from './check-edit.ts';
import { getProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';
import { personPayload, storedAddress } from './profile.mappers.ts';
import type { PersonChanges } from './profile.repository.ts';
import type { ProfileInput, ProfileOut } from './profile.schemas.ts';

/** What PUT /profile answers for a new email: the email changes through POST /profile/email (email-change/). */
export const EMAIL_HAS_ITS_OWN_STEP = "Change your email with 'Change email': it asks for your password and sends a link to the new address.";
const TEXT_COLUMNS: Record<string, 'firstName' | 'lastName' | 'title' | 'phoneMobile' | 'phoneWork'> = {
  FirstName: 'firstName', LastName: 'lastName', Title: 'title', PhoneMobile: 'phoneMobile', PhoneWork: 'phoneWork',
};
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * PUT /profile: the person's editable profile fields (the company's profile configuration, or
 * the default Name), checked with core's field rules. The email is never changed here (issue 12):
 * sent unchanged it is accepted, a different one is 400 on Person.Email pointing to the email
 * change (a stolen access token alone must not move the account to another inbox); a Google-linked
 * person's email is read-only as before. One transaction; nothing is written when any check fails.
 */
export async function updateProfile(deps: ProfileDeps, caller: Caller, body: ProfileInput): Promise<ProfileOut> {
  const me = requirePerson(caller);
  const entries = profileEntries(await deps.uow.fields.configuration('profile'));
  return deps.uow.transaction(async (repos) => {
    await repos.profile.lockPerson(me.personUid);
    const person = await repos.profile.person(me.personUid);
    if (!person) throw new AppError(ErrorCode.Unauthorized);
    const google = person.oauthGoogleProfileId !== null;
    // The email has its own step (password, then a link to the new address): a different one here is refused.
    if (canChangeEmail(entries, google) && typeof body.Email === 'string' && body.Email.trim() !== person.email) {
      throw validationError([fieldError('Person.Email', ErrorCode.InvalidValue, EMAIL_HAS_ITS_OWN_STEP)], ErrorCode.InvalidValue);
    }
    const fields = profileEditFields(entries, google);
    const submitted = checkEdit('Person', fields, personPayload(person), body as Record<string, unknown>, PERSON_FIELD_RULES);
    const changes: PersonChanges = {};
    const fieldValues = { ...person.fieldValues };
    for (const field of fields) {
      const [, key, name] = field.path.split('.');
      const value = key === 'FieldValues' ? (submitted.FieldValues as Record<string, unknown> | undefined)?.[name!] : submitted[key!];
      if (key === 'FieldValues') fieldValues[name!] = value;
      else if (key === 'MailingAddress') changes.mailingAddress = storedAddress(value);
      else if (key && key in TEXT_COLUMNS) changes[TEXT_COLUMNS[key]!] = text(value);
    }
    changes.fieldValues = fieldValues;
    await repos.profile.updatePerson(person.uid, changes, deps.clock.now(), newUid);
    return getProfile(repos, caller);
  });
}
