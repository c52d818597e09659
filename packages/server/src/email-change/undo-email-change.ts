import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { newUid } from '../ids/new-uid.ts';
import { tokenHash } from '../registration/secret-token.ts';
import { emailTaken } from './confirm-email-change.ts';
import type { EmailChangeDeps } from './email-change-deps.ts';

const OLD_TAKEN_MESSAGE = 'Your old email is now used by another account, so it cannot come back. Contact support.';

/**
 * POST /profile/email/undo `{ Token }` (public: the token mailed to the old address is the
 * credential). Treated as a takeover: in one transaction the token is used, the old email comes
 * back (409 Errors.Duplicate when someone else has it now), every link mailed meanwhile stops
 * working (email changes, undos, password resets: a reset mailed to the new address must not let
 * its reader back in), the password is taken away (whoever changed the email knew it) and
 * **every** session of the person ends. The person then chooses a new password with a reset link
 * mailed to the old address, which only they read.
 */
export async function undoEmailChange(deps: Pick<EmailChangeDeps, 'uow' | 'clock'>, input: { token: string; ip: string }): Promise<{ Email: string; SessionsEnded: number }> {
  const at = deps.clock.now();
  try {
    return await deps.uow.transaction(async (repos) => {
      const taken = await repos.emailTokens.take(tokenHash(input.token), 'email_change_undo', at);
      if (!taken) throw new AppError(ErrorCode.InvalidToken);
      const oldEmail = taken.data.oldEmail;
      await repos.profile.lockPerson(taken.personUid);
      const person = await repos.profile.person(taken.personUid);
      if (!person || typeof oldEmail !== 'string') throw new AppError(ErrorCode.InvalidToken);
      if (person.email !== oldEmail) {
        if (await repos.profile.emailTakenByOther(oldEmail, person.uid)) throw emailTaken(OLD_TAKEN_MESSAGE);
        await repos.profile.setEmail(person.uid, oldEmail, at);
      }
      const linksEnded = await repos.emailTokens.invalidateAll(person.uid, ['email_change', 'email_change_undo', 'reset'], at);
      await repos.passwordHistory.clearHash(person.uid, at);
      const ended = await repos.sessions.endAllOfPerson(person.uid, at, 'email.undo');
      await repos.auditLog.append({
        uid: newUid(), at, action: 'email.change.undo', actor: person.uid, target: person.uid, ip: input.ip,
        detail: { from: person.email, to: oldEmail, sessionsEnded: ended, linksEnded, passwordCleared: true },
      });
      return { Email: oldEmail, SessionsEnded: ended };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_idx')) throw emailTaken(OLD_TAKEN_MESSAGE);
    throw err;
  }
}
