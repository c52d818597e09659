import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { newUid } from '../ids/new-uid.ts';
import { tokenHash } from '../registration/secret-token.ts';
import type { EmailChangeDeps } from './email-change-deps.ts';
import { EMAIL_CHANGE_NOTICE_TOPIC, type EmailChangeNoticePayload } from './email-change-mail.ts';

const TAKEN_MESSAGE = 'This email is now used by another account. Ask for the change again with another address.';
export const emailTaken = (message = TAKEN_MESSAGE) => new AppError(ErrorCode.Duplicate, message);

interface ChangeData { newEmail: string; linkPage: string; sessionUid: string | null; endOtherSessions: boolean }

/**
 * POST /profile/email/confirm `{ Token }` (public: the mailed token is the credential). In one
 * transaction: the token is used (the statement that checks it marks it, so a second use is 404
 * Errors.InvalidToken), the address must still be free (409 Errors.Duplicate, the link then still
 * works), the email changes (confirmed: the link proved the mailbox), reset links mailed to the old
 * address stop working, the other sessions end when the request asked for it, an audit row, and
 * the notice with the undo link goes to the old address through the outbox.
 */
export async function confirmEmailChange(deps: Pick<EmailChangeDeps, 'uow' | 'clock' | 'wakeOutbox'>, input: { token: string; ip: string }): Promise<{ Email: string; OtherSessionsEnded: number }> {
  const at = deps.clock.now();
  try {
    return await deps.uow.transaction(async (repos) => {
      const taken = await repos.emailTokens.take(tokenHash(input.token), 'email_change', at);
      if (!taken) throw new AppError(ErrorCode.InvalidToken);
      const data = taken.data as unknown as ChangeData;
      await repos.profile.lockPerson(taken.personUid);
      const person = await repos.profile.person(taken.personUid);
      if (!person || typeof data.newEmail !== 'string') throw new AppError(ErrorCode.InvalidToken);
      // Linked to Google since the request: the email is Google's to vouch for now.
      if (person.oauthGoogleProfileId !== null) throw new AppError(ErrorCode.Forbidden, 'Your email is managed by your Google login.');
      if (await repos.profile.emailTakenByOther(data.newEmail, person.uid)) throw emailTaken();
      await repos.profile.setEmail(person.uid, data.newEmail, at);
      await repos.emailTokens.invalidateAll(person.uid, ['reset'], at);
      const ended = data.endOtherSessions ? await repos.sessions.endAllOfPerson(person.uid, at, 'email.change', data.sessionUid ?? undefined) : 0;
      const notice: EmailChangeNoticePayload = { personUid: person.uid, oldEmail: person.email, newEmail: data.newEmail, linkPage: data.linkPage };
      await repos.outbox.enqueue(EMAIL_CHANGE_NOTICE_TOPIC, notice);
      await repos.auditLog.append({
        uid: newUid(), at, action: 'email.change', actor: person.uid, target: person.uid, ip: input.ip,
        detail: { from: person.email, to: data.newEmail, otherSessionsEnded: ended },
      });
      repos.afterCommit(() => deps.wakeOutbox());
      return { Email: data.newEmail, OtherSessionsEnded: ended };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_idx')) throw emailTaken(); // a sign-up or another change took it meanwhile
    throw err;
  }
}
