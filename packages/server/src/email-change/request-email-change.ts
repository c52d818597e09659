import { ErrorCode, isValidEmail, type FieldError } from '@portico/core';
import { EMAIL_CHANGE_TTL_HOURS } from '@portico/core/profile/email-change';
import { canChangeEmail, profileEntries } from '@portico/core/profile/profile-fields';
import { requirePerson } from '../accounts/account-access.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { newUid } from '../ids/new-uid.ts';
import type { EmailChangeDeps } from './email-change-deps.ts';
import { EMAIL_CHANGE_MAIL_TOPIC, type EmailChangeMailPayload } from './email-change-mail.ts';

export interface EmailChangeRequest {
  NewEmail: string;
  Password: string;
  EndOtherSessions?: boolean | undefined;
  parentUrl?: string | undefined;
}

const LINK_MESSAGE = 'parentUrl must be a page on one of the company\'s sites.';
export const GOOGLE_EMAIL_MESSAGE = 'Your email is managed by your Google login.';

/**
 * POST /profile/email: asks to change the signed-in person's email. Always needs the current
 * password (the re-authentication policy's proof, whatever the session's age). The new address is
 * checked (core's email pattern) and must be free (409 Errors.Duplicate on NewEmail, any letter
 * case; checked after the password, so only the person can ask). Nothing changes yet: a link goes
 * to the new address through the outbox, and older unused links of the person stop working.
 */
export async function requestEmailChange(deps: EmailChangeDeps, caller: Caller, input: EmailChangeRequest): Promise<{ PendingEmail: string; ExpiresInHours: number }> {
  const me = requirePerson(caller);
  if (!me.sessionUid) throw new AppError(ErrorCode.Unauthorized);
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  const linkPage = siteLinkPage(input.parentUrl ?? deps.config.registration.confirmationUrl, deps.allowedOrigins, 'query.parentUrl', LINK_MESSAGE);
  const person = await deps.uow.profile.person(me.personUid);
  if (!person) throw new AppError(ErrorCode.Unauthorized);
  const google = person.oauthGoogleProfileId !== null;
  if (!canChangeEmail(profileEntries(await deps.uow.fields.configuration('profile')), google)) {
    throw new AppError(ErrorCode.Forbidden, google ? GOOGLE_EMAIL_MESSAGE : 'The email of this account can not be changed.');
  }
  const newEmail = input.NewEmail.trim();
  const errors: FieldError[] = [];
  if (newEmail === '') errors.push(fieldError('NewEmail', ErrorCode.Required));
  else if (!isValidEmail(newEmail)) errors.push(fieldError('NewEmail', ErrorCode.InvalidEmail));
  else if (newEmail === person.email) errors.push(fieldError('NewEmail', ErrorCode.InvalidValue, 'This is already your email.'));
  if (input.Password === '') errors.push(fieldError('Password', ErrorCode.Required));
  if (errors.length) throw validationError(errors, errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed);
  await requireRecentAuthentication(deps, caller, { password: input.Password, field: 'Password' }, 'email.change');
  if (await deps.uow.profile.emailTakenByOther(newEmail, person.uid)) {
    throw new AppError(ErrorCode.Duplicate, undefined, [fieldError('NewEmail', ErrorCode.Duplicate)]);
  }
  const at = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    await repos.emailTokens.invalidate(person.uid, 'email_change', at);
    const payload: EmailChangeMailPayload = { personUid: person.uid, newEmail, linkPage, sessionUid: me.sessionUid!, endOtherSessions: input.EndOtherSessions === true };
    await repos.outbox.enqueue(EMAIL_CHANGE_MAIL_TOPIC, payload);
    await repos.auditLog.append({
      uid: newUid(), at, action: 'email.change.request', actor: person.uid, target: me.sessionUid!, ip: me.ip,
      detail: { from: person.email, to: newEmail, endOtherSessions: payload.endOtherSessions },
    });
    repos.afterCommit(() => deps.wakeOutbox());
  });
  return { PendingEmail: newEmail, ExpiresInHours: EMAIL_CHANGE_TTL_HOURS };
}
