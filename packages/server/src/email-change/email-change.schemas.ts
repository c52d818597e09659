import { z } from 'zod';

/** POST /profile/email: the new address and the current password (always: the proof of the re-authentication policy). */
export const emailChangeBody = z.object({
  NewEmail: z.string().max(320).describe('The address to change to; it gets the confirmation link'),
  Password: z.string().max(1024).describe('The current password, exactly as typed'),
  EndOtherSessions: z.boolean().optional().describe('When the link is used, sign out every other session of the person (this one stays)'),
});

/** The page the mailed link opens (the widget sends its own); absent: the configured confirmation page. */
export const emailChangeQuery = z.object({ parentUrl: z.string().max(2048).optional() });

export const emailChangeAccepted = z.object({
  /** Where the link went; the email does not change until it is used. */
  PendingEmail: z.string(),
  ExpiresInHours: z.number().int(),
});

/** The link's token: the credential of the two public calls. */
export const emailTokenBody = z.object({ Token: z.string().min(1).max(200) });

export const emailChangedOut = z.object({
  Email: z.string(),
  /** Other sessions ended because the request asked for it (EndOtherSessions). */
  OtherSessionsEnded: z.number().int(),
});

export const emailRestoredOut = z.object({
  Email: z.string(),
  /** Every session of the person ended; the password is gone too: the person chooses a new one with a reset link. */
  SessionsEnded: z.number().int(),
});
