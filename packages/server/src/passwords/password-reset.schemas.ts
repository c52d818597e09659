import { z } from 'zod';

/** Passwords are bounded so one request cannot ask for argon2 over megabytes; a longer one is refused, never cut. */
const password = z.string().max(1024);

export const forgotPasswordBody = z.object({
  Email: z.string().trim().min(1).max(320).email(),
  /** The page the mailed link opens (an allowed site origin); default: parentUrl, then the configured confirmation page. */
  ResetUrl: z.string().url().max(2000).optional(),
});

export const parentUrlQuery = z.object({ parentUrl: z.string().url().max(2000).optional() });

export const resetTokenParams = z.object({ token: z.string().min(1).max(200) });

export const resetOptionsOut = z.object({
  /** 2 or more: the reset screen offers Google sign-in. */
  Options: z.number().int(),
  /** A team invitation's link: who invited (name only; null when they gave none) and the account's name. */
  Invitation: z.object({ InvitedBy: z.string().nullable(), AccountName: z.string() }).optional(),
});

export const resetPasswordBody = z.object({
  NewPassword: password.optional(),
  GoogleIdToken: z.string().min(1).max(4096).optional(),
}).refine((b) => (b.NewPassword === undefined) !== (b.GoogleIdToken === undefined), { message: 'Send NewPassword or GoogleIdToken.', path: ['NewPassword'] });

export const changePasswordBody = z.object({
  ExistingPassword: password,
  NewPassword: password,
  ConfirmPassword: password,
});
