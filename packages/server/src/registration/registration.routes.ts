import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@portico/core/signup/registration-limits';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { fieldsQuery } from '../http/list.ts';
import { acceptMultipart, type MultipartReader } from '../http/multipart.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { REGISTRATION_RATE_LIMITS } from './registration.rate-limits.ts';
import { nulPaths } from '../http/reject-nul.ts';
import type { ReceivedImage } from './check-registration.ts';
import { confirmEmail } from './confirm-email.ts';
import { emailExists } from './email-exists.ts';
import { issueNonce } from './issue-nonce.ts';
import { registerAccount, validateRegistration, type RegistrationRequest } from './register-account.ts';
import type { RegistrationDeps } from './registration-deps.ts';
import {
  confirmInput, confirmOut, emailExistsQuery, nonceOut, registrationHeaders, registrationInput, registrationOut, registrationQuery, resultOut,
} from './registration.schemas.ts';

/** Multipart parts of a registration: the account as JSON, and the optional profile image. */
export const ACCOUNT_PART = 'account';
export const IMAGE_PART = 'profileImage';
/** The JSON part may be large (custom fields, addresses) but never near a megabyte. */
const ACCOUNT_PART_MAX_BYTES = 256 * 1024;

const images = new WeakMap<FastifyRequest, ReceivedImage>();

/**
 * A multipart registration becomes the same body a JSON one has, before validation: the
 * `account` part parsed as JSON (then checked by the route's zod schema like any body), the
 * `profileImage` part kept as bytes. Busboy stops reading a file at PROFILE_IMAGE_MAX_BYTES and
 * marks it truncated, so an oversized image costs at most that much memory. A malformed body
 * (no boundary, cut short, a part without a name, too many parts) is a 400 from the shared reader.
 */
async function readMultipart(request: FastifyRequest, readForm: MultipartReader): Promise<void> {
  if (!request.isMultipart()) return;
  let json: string | null = null;
  for (const part of await readForm(request)) {
    if (part.type === 'file') {
      if (part.name !== IMAGE_PART) throw validationError([fieldError(part.name, ErrorCode.InvalidValue, `Unknown file part; send the image as '${IMAGE_PART}'.`)]);
      images.set(request, { bytes: part.bytes, tooLarge: part.truncated });
    } else if (part.name === ACCOUNT_PART) {
      if (part.truncated) throw new AppError(ErrorCode.PayloadTooLarge, `The '${ACCOUNT_PART}' part is too large.`);
      json = part.value;
    } else {
      throw validationError([fieldError(part.name, ErrorCode.InvalidValue, `Unknown part; send the registration as '${ACCOUNT_PART}'.`)]);
    }
  }
  if (json === null) throw validationError([fieldError(ACCOUNT_PART, ErrorCode.Required, `The '${ACCOUNT_PART}' part (the registration as JSON) is missing.`)]);
  try {
    request.body = JSON.parse(json);
  } catch {
    throw new AppError(ErrorCode.MalformedBody, `The '${ACCOUNT_PART}' part is not valid JSON.`);
  }
  // The app's NUL check ran before this body existed.
  const nul = nulPaths(request.body, '');
  if (nul.length) throw validationError(nul.map((path) => fieldError(path, ErrorCode.InvalidValue, 'must not contain a NUL character')));
}

/** The multipart form in the OpenAPI document (api-docs.ts), from the same part names readMultipart reads. */
const multipartDocs = {
  multipart: { jsonPart: ACCOUNT_PART, files: { [IMAGE_PART]: { description: `PNG or JPEG, at most ${PROFILE_IMAGE_MAX_BYTES} bytes, checked by content`, contentTypes: PROFILE_IMAGE_TYPES } } },
};

const registrationDoc = 'JSON, or multipart/form-data with the registration as JSON in the `account` part and an optional `profileImage` file (PNG or JPEG, at most 1,048,576 bytes, checked by content)';

/** Sign-up calls (spec 1 section 7 "Registration" and "Other"); docs/registration.md. All public, each rate limited. */
export async function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps) {
  const readForm = await acceptMultipart(app, { files: 1, fileSize: PROFILE_IMAGE_MAX_BYTES, fields: 1, fieldSize: ACCOUNT_PART_MAX_BYTES, parts: 2 });
  const readMultipartBody = (req: FastifyRequest) => readMultipart(req, readForm);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];
  const now = () => deps.billing.clock.now();
  const request = (req: FastifyRequest, body: RegistrationRequest['body'], query: { confirmationUrl?: string | undefined }): RegistrationRequest => ({
    body, image: images.get(req) ?? null, confirmationUrl: query.confirmationUrl,
    timeZone: req.headers['x-timezone'] as string | undefined, idempotencyKey: req.headers['idempotency-key'] as string | undefined,
  });

  r.post('/api/v1/nonce', {
    config: routeRateLimit(REGISTRATION_RATE_LIMITS.signupNonce),
    schema: { tags, summary: 'A one-time nonce for one registration (expires after 30 minutes)', response: { 200: nonceOut } },
  }, async () => issueNonce({ uow: deps.uow, now }));

  r.post('/api/v1/crm/registrations', {
    config: { ...routeRateLimit(REGISTRATION_RATE_LIMITS.registrationSubmit), apiDocs: multipartDocs },
    preValidation: readMultipartBody,
    schema: {
      tags, summary: `Register an account with its person, subscription and payment in one transaction; ${registrationDoc}; honours Idempotency-Key`,
      querystring: registrationQuery, headers: registrationHeaders, body: registrationInput, response: { 201: registrationOut },
    },
  }, async (req, reply) => {
    const answer = await registerAccount(deps, req.caller, request(req, req.body, req.query));
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(answer.body);
  });

  r.post('/api/v1/crm/registrations/validate', {
    config: { ...routeRateLimit(REGISTRATION_RATE_LIMITS.registrationSubmit), apiDocs: multipartDocs },
    preValidation: readMultipartBody,
    schema: {
      tags, summary: `Check a registration without writing anything (no nonce, captcha or payment is used); ${registrationDoc}`,
      querystring: registrationQuery, body: registrationInput, response: { 200: resultOut },
    },
  }, async (req) => validateRegistration(deps, request(req, req.body, req.query)));

  r.get('/api/v1/crm/registrations/email-exists', {
    config: routeRateLimit(REGISTRATION_RATE_LIMITS.emailExistsCheck),
    schema: { tags, summary: 'Whether an account already uses this email (the sign-up form asks 500 ms after the email changes)', querystring: emailExistsQuery, response: { 200: resultOut } },
  }, async (req) => emailExists(deps, req.query.email));

  r.post('/api/v1/crm/registrations/confirm', {
    config: routeRateLimit(REGISTRATION_RATE_LIMITS.emailConfirmation),
    schema: {
      tags, summary: 'The confirm-and-sign-in link of a sign-up mail: confirms the email and signs in, once (a person without a password gets SetPassword, the token unused); 409 Errors.EmailAlreadyConfirmed for a used link, 404 Errors.InvalidToken for an unknown or expired one',
      querystring: fieldsQuery, body: confirmInput, response: { 200: confirmOut },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return confirmEmail({ uow: deps.uow, clock: deps.billing.clock, auth: deps.auth, tokens: deps.tokens }, { token: req.body.Token, ip: req.ip, userAgent: req.headers['user-agent'] });
  });
}
