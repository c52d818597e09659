import { z } from 'zod';

/** POST /tokens, as a form (application/x-www-form-urlencoded) or JSON. */
export const tokenForm = z.object({
  username: z.string().trim().min(1).max(320),
  // Bounded so one request cannot ask for argon2 over megabytes; never cut, a longer one is refused.
  password: z.string().max(1024).nullable().optional(),
  GoogleIdToken: z.string().max(4096).optional(),
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
