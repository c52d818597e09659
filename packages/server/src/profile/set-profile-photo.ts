import { createHash } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import { PROFILE_PHOTO_EXTENSIONS, PROFILE_PHOTO_MAX_BYTES } from '@portico/core/profile/profile-fields';
import { requirePerson } from '../accounts/account-access.ts';
import { checkImage, tooManyPixelsMessage } from '../files/sniff-image-type.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { getProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';
import type { ProfileOut } from './profile.schemas.ts';

export const PHOTO_FIELD = 'Person.profileImage';

/** The uploaded file part: its bytes (cut at the limit), whether it went past the limit, the browser's name for it. */
export interface ReceivedPhoto {
  bytes: Buffer;
  tooLarge: boolean;
  filename: string;
}

/** A printable file name for the message (the browser's name, trimmed of paths and control characters). */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 120) || 'The file';
}

/**
 * PUT /profile/photo (spec 2 section 5 "Profile photo"): png or jpg decided by the bytes (the
 * name and the type the browser claimed are ignored), at most 2,000,000 bytes and IMAGE_MAX_PIXELS; the spec's two
 * messages, 'This file type can not be uploaded.' and '[FILENAME] is larger than 2MB.', on
 * Person.profileImage. The new file and the person's link to it are written in one transaction,
 * and the file it replaces is deleted.
 */
export async function setProfilePhoto(deps: ProfileDeps, caller: Caller, photo: ReceivedPhoto): Promise<ProfileOut> {
  const me = requirePerson(caller);
  if (photo.tooLarge || photo.bytes.length > PROFILE_PHOTO_MAX_BYTES) {
    const message = `${displayName(photo.filename)} is larger than 2MB.`;
    throw new AppError(ErrorCode.FileTooLarge, message, [fieldError(PHOTO_FIELD, ErrorCode.FileTooLarge, message)]);
  }
  const verdict = checkImage(photo.bytes);
  if (!verdict.ok && verdict.problem === 'pixels') {
    const message = tooManyPixelsMessage(verdict.width, verdict.height);
    throw new AppError(ErrorCode.FileInvalidType, message, [fieldError(PHOTO_FIELD, ErrorCode.FileInvalidType, message)]);
  }
  if (!verdict.ok) {
    const message = `This file type can not be uploaded. Accepted: ${PROFILE_PHOTO_EXTENSIONS.join(', ')}.`;
    throw new AppError(ErrorCode.FileInvalidType, 'This file type can not be uploaded.', [fieldError(PHOTO_FIELD, ErrorCode.FileInvalidType, message)]);
  }
  const file = { uid: newUid(), contentType: verdict.type, bytes: photo.bytes, sha256: createHash('sha256').update(photo.bytes).digest('hex') };
  return deps.uow.transaction(async (repos) => {
    await repos.profile.lockPerson(me.personUid);
    await repos.profile.setPhoto(me.personUid, file, deps.clock.now());
    return getProfile(repos, caller);
  });
}

/** DELETE /profile/photo: the person has no photo any more; its file is deleted. */
export async function removeProfilePhoto(deps: ProfileDeps, caller: Caller): Promise<ProfileOut> {
  const me = requirePerson(caller);
  return deps.uow.transaction(async (repos) => {
    await repos.profile.lockPerson(me.personUid);
    await repos.profile.setPhoto(me.personUid, null, deps.clock.now());
    return getProfile(repos, caller);
  });
}
