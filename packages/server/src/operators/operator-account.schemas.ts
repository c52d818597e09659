import { z } from 'zod';
import { isValidEmail } from '@portico/core/validation/email';
import { DEVICE_TOKEN_MAX_LENGTH } from '../auth/known-devices.ts';
import { consoleTokenOut } from './console.schemas.ts';

/** POST /console/tokens: the members' sign-in fields (`username`, so the same per-email limits count it), with the lockout's way through. */
export const consoleSignInInput = z.object({
  username: z.string().trim().min(1).max(320),
  // Bounded so one request cannot ask for argon2 over megabytes; a longer one is refused, never cut.
  password: z.string().min(1).max(1024),
  /** The device token this browser got at its last console sign-in (a known browser gets in while the email is tripped). */
  device_token: z.string().max(DEVICE_TOKEN_MAX_LENGTH).optional(),
  /** The mailed sign-in code (6 digits), sent with username and password after Errors.SignInCodeRequired. */
  code: z.string().max(20).optional(),
  /** 'Send a new code': with username and password while a code is required. */
  resend_code: z.boolean().optional(),
}).strict();

/** A console sign-in's answer (the password, a code, a set-password link): the token and this browser's console device token. */
export const consoleSignInOut = consoleTokenOut.extend({
  /** Keep it in this browser and send it with this operator's next sign-in (180 days, renewed at each sign-in). */
  device_token: z.string(),
});

export const forgotPasswordInput = z.object({
  Email: z.string().trim().min(3).max(320).refine(isValidEmail, 'must be a valid email address'),
}).strict();

/** An invitation's or a reset's link token (from the console's `#/set-password?token=`), in the body so no access log holds it. */
const linkToken = z.string().min(1).max(200);
export const linkFactsInput = z.object({ Token: linkToken }).strict();
export const setPasswordInput = z.object({
  Token: linkToken,
  NewPassword: z.string().max(1024),
}).strict();

export const linkFactsOut = z.object({
  /** invite: the admin's invitation (the first password); reset: forgot password. */
  Purpose: z.enum(['invite', 'reset']),
  CompanyName: z.string(),
  /** The operator the link signs in (the link came to this mailbox). */
  Email: z.string(),
  Name: z.string(),
  /** The company's password policy (the same rules members' passwords follow; the common-password list always applies). */
  PasswordPolicy: z.object({
    MinimumLength: z.number().int(), UpperLowerNumberRequired: z.boolean(), SpecialCharacterRequired: z.boolean(),
    PasswordHistoryEnabled: z.boolean(), PasswordHistorySize: z.number().int(), PersonalDataDisallowed: z.boolean(),
  }),
});
