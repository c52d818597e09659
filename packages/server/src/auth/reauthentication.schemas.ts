import { z } from 'zod';

/** POST /auth/reauthenticate: one proof, the current password or a Google ID token (bounded like POST /tokens). */
export const reauthenticateBody = z.object({
  Password: z.string().max(1024).optional().describe('The current password, exactly as typed'),
  GoogleIdToken: z.string().min(1).max(4096).optional().describe('A Google ID token issued in the last 10 minutes, for the Google profile this login is linked to'),
});
