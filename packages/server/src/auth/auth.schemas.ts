import { z } from 'zod';
import { DEVICE_TOKEN_MAX_LENGTH } from './known-devices.ts';

/** POST /tokens, as a form (application/x-www-form-urlencoded) or JSON. */
export const tokenForm = z.object({
  username: z.string().trim().min(1).max(320),
  // Bounded so one request cannot ask for argon2 over megabytes; never cut, a longer one is refused.
  password: z.string().max(1024).nullable().optional(),
  GoogleIdToken: z.string().max(4096).optional(),
  /** The device token this browser got at its last sign-in here (docs/auth.md "Lockout and known browsers"). */
  device_token: z.string().max(DEVICE_TOKEN_MAX_LENGTH).optional(),
  /** The mailed sign-in code (6 digits), sent with username and password when the answer was Errors.SignInCodeRequired. */
  code: z.string().max(20).optional(),
  /** 'Send a new code': with username and password while a code is required, a new code replaces the last one. */
  resend_code: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

export const tokenQuery = z.object({
  accountUid: z.string().min(1).max(100).optional(),
  subscriptionUid: z.string().min(1).max(100).optional(),
});

export const tokenOut = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires; reissue before then while the session is live. */
  expires_in: z.number().int(),
});

/** A sign-in's answer (POST /tokens, a password reset): the token and this browser's device token. */
export const signInOut = tokenOut.extend({
  /** Keep it in this browser and send it with the next sign-in of this person: a known browser is let in while strangers have locked the account (180 days, renewed at each sign-in). */
  device_token: z.string(),
});

export const reissueQuery = z.object({ accountUid: z.string().min(1).max(100).optional() });

export const sessionOut = z.object({
  PersonUid: z.string(),
  AccountUid: z.string().nullable(),
  IsPrimary: z.boolean(),
  SessionUid: z.string(),
});

const jwk = z.object({
  kty: z.string(), crv: z.string().optional(), x: z.string().optional(), y: z.string().optional(),
  kid: z.string().optional(), alg: z.string().optional(), use: z.string().optional(),
});
export const jwksOut = z.object({ keys: z.array(jwk) });
