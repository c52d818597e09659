import { ErrorCode } from '@portico/core';
import { editableFields, profileEntries } from '@portico/core/profile/profile-fields';
import { requirePerson } from '../accounts/account-access.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { newUid } from '../ids/new-uid.ts';
import { checkEdit } from './check-edit.ts';
import { getProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';
import { personPayload, storedAddress } from './profile.mappers.ts';
import type { PersonChanges } from './profile.repository.ts';
import type { ProfileInput, ProfileOut } from './profile.schemas.ts';

const duplicate = () => new AppError(ErrorCode.Duplicate, undefined, [fieldError('Person.Email', ErrorCode.Duplicate)]);
const TEXT_COLUMNS: Record<string, 'firstName' | 'lastName' | 'title' | 'phoneMobile' | 'phoneWork'> = {
  FirstName: 'firstName', LastName: 'lastName', Title: 'title', PhoneMobile: 'phoneMobile', PhoneWork: 'phoneWork',
};
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * PUT /profile: the person's editable profile fields (the company's profile configuration, or
 * the default Name and Email), checked with core's field rules; a Google-linked person keeps
 * the email Google vouches for. A new email must be free (409 Errors.Duplicate on Person.Email,
 * any letter case). One transaction; nothing is written when any check fails.
 */
export async function updateProfile(deps: ProfileDeps, caller: Caller, body: ProfileInput): Promise<ProfileOut> {
  const me = requirePerson(caller);
  const entries = profileEntries(await deps.uow.fields.configuration('profile'));
  try {
    return await deps.uow.transaction(async (repos) => {
      await repos.profile.lockPerson(me.personUid);
      const person = await repos.profile.person(me.personUid);
      if (!person) throw new AppError(ErrorCode.Unauthorized);
      const fields = editableFields(entries, person.oauthGoogleProfileId !== null);
      const submitted = checkEdit('Person', fields, personPayload(person), body as Record<string, unknown>);
      const changes: PersonChanges = {};
      const fieldValues = { ...person.fieldValues };
      for (const field of fields) {
        const [, key, name] = field.path.split('.');
        const value = key === 'FieldValues' ? (submitted.FieldValues as Record<string, unknown> | undefined)?.[name!] : submitted[key!];
        if (key === 'FieldValues') fieldValues[name!] = value;
        else if (key === 'MailingAddress') changes.mailingAddress = storedAddress(value);
        else if (key === 'Email') changes.email = String(value ?? '');
        else if (key && key in TEXT_COLUMNS) changes[TEXT_COLUMNS[key]!] = text(value);
      }
      changes.fieldValues = fieldValues;
      if (changes.email !== undefined && changes.email !== person.email && await repos.profile.emailTakenByOther(changes.email, person.uid)) throw duplicate();
      await repos.profile.updatePerson(person.uid, changes, deps.clock.now(), newUid);
      return getProfile(repos, caller);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_idx')) throw duplicate(); // a concurrent save or sign-up took the email
    throw err;
  }
}
