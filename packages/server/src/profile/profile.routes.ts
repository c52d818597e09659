import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import { PROFILE_PHOTO_MAX_BYTES } from '@portico/core/profile/profile-fields';
import { PROFILE_IMAGE_TYPES } from '@portico/core/signup/registration-limits';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { acceptMultipart, type MultipartReader } from '../http/multipart.ts';
import { getProfile } from './get-profile.ts';
import { listProfileAccounts } from './list-profile-accounts.ts';
import { getProfileAccount, updateProfileAccount } from './profile-account.ts';
import type { ProfileDeps } from './profile-deps.ts';
import {
  accountInput, accountsOut, accountsQuery, profileAccountOut, profileInput, profileOut, profileQuery,
} from './profile.schemas.ts';
import { PHOTO_FIELD, removeProfilePhoto, setProfilePhoto, type ReceivedPhoto } from './set-profile-photo.ts';
import { updateProfile } from './update-profile.ts';

/** The multipart file part of PUT /profile/photo. */
export const PHOTO_PART = 'profileImage';

/**
 * Reads the one file part. Busboy stops at PROFILE_PHOTO_MAX_BYTES and marks the file
 * truncated, so an oversized upload costs at most that much memory. A JSON part (the widget's
 * client always sends one beside files) is allowed and ignored. A malformed body is a 400 from
 * the shared reader.
 */
async function readPhoto(request: FastifyRequest, readForm: MultipartReader): Promise<ReceivedPhoto> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UnsupportedMediaType, `Send the photo as multipart/form-data in the part '${PHOTO_PART}'.`);
  let photo: ReceivedPhoto | null = null;
  for (const part of await readForm(request)) {
    if (part.type !== 'file') continue;
    if (part.name !== PHOTO_PART) throw validationError([fieldError(part.name, ErrorCode.InvalidValue, `Unknown file part; send the photo as '${PHOTO_PART}'.`)]);
    photo = { bytes: part.bytes, tooLarge: part.truncated, filename: part.filename };
  }
  if (!photo) throw validationError([fieldError(PHOTO_FIELD, ErrorCode.Required, `The '${PHOTO_PART}' file part is missing.`)]);
  return photo;
}

/** The signed-in person's profile, photo, accounts and account (spec 2 section 7); put behind the access-token guard. */
export async function profileRoutes(app: FastifyInstance, deps: ProfileDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  r.get('/api/v1/profile', {
    schema: { tags, summary: 'The signed-in person (with PasswordMustChange, ProfileImageS3Url, OAuthGoogleProfileId, configured field values)', querystring: profileQuery, response: { 200: profileOut } },
  }, async (req) => getProfile(deps.uow, req.caller));

  r.put('/api/v1/profile', {
    schema: {
      tags, summary: 'Change the editable profile fields (checked with the profile field configuration). The email is changed with POST /profile/email: a different Email here is 400 on Person.Email (the same one is accepted)',
      querystring: profileQuery, body: profileInput, response: { 200: profileOut },
    },
  }, async (req) => updateProfile(deps, req.caller, req.body));

  r.get('/api/v1/profile/accounts', {
    schema: { tags, summary: 'The signed-in person\'s accounts with their role, primary contact, subscriptions and payment failure (post-login routing)', querystring: accountsQuery, response: { 200: accountsOut } },
  }, async (req) => listProfileAccounts(deps, req.caller, req.query.current === '1' || req.query.current === 'true'));

  r.get('/api/v1/profile/account', {
    schema: { tags, summary: 'The account the token is signed in to (any member)', querystring: profileQuery, response: { 200: profileAccountOut } },
  }, async (req) => getProfileAccount(deps, req.caller));

  r.put('/api/v1/profile/account', {
    schema: {
      tags, summary: 'Change the account\'s editable fields (primary contact only: 403 for members)',
      querystring: profileQuery, body: accountInput, response: { 200: profileAccountOut },
    },
  }, async (req) => updateProfileAccount(deps, req.caller, req.body));

  await app.register(async (photos) => {
    const readForm = await acceptMultipart(photos, { files: 1, fileSize: PROFILE_PHOTO_MAX_BYTES, fields: 1, fieldSize: 4096, parts: 2 });
    const p = photos.withTypeProvider<ZodTypeProvider>();
    p.put('/api/v1/profile/photo', {
      config: { apiDocs: { multipart: { files: { [PHOTO_PART]: { description: `PNG or JPEG, at most ${PROFILE_PHOTO_MAX_BYTES} bytes, checked by content`, contentTypes: PROFILE_IMAGE_TYPES, required: true } } } } },
      schema: {
        tags, summary: 'Upload the profile photo: multipart/form-data with the file in the part `profileImage`; png or jpg checked by content, at most 2,000,000 bytes',
        consumes: ['multipart/form-data'], querystring: profileQuery, response: { 200: profileOut },
      },
    }, async (req) => setProfilePhoto(deps, req.caller, await readPhoto(req, readForm)));
    p.delete('/api/v1/profile/photo', {
      schema: { tags, summary: 'Remove the profile photo', querystring: profileQuery, response: { 200: profileOut } },
    }, async (req) => removeProfilePhoto(deps, req.caller));
  });
}

