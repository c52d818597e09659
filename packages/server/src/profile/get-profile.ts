import { ErrorCode } from '@portico/core';
import { requirePerson } from '../accounts/account-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import type { Repositories } from '../unit-of-work.ts';
import { personToWire } from './profile.mappers.ts';
import type { ProfileOut } from './profile.schemas.ts';

/** GET /profile: the signed-in person (spec 2 section 7 "Profile"). */
export async function getProfile(repos: Pick<Repositories, 'profile'>, caller: Caller): Promise<ProfileOut> {
  const me = requirePerson(caller);
  const person = await repos.profile.person(me.personUid);
  // The session guard checked the person exists; a row deleted since is a signed-out person.
  if (!person) throw new AppError(ErrorCode.Unauthorized);
  return personToWire(person);
}
