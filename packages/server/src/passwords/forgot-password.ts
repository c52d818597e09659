import type { MailedLinkDeps } from '../mail/mailed-link-deps.ts';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { newUid } from '../ids/new-uid.ts';
import { PASSWORD_RESET_MAIL_TOPIC, type PasswordResetMailPayload } from './password-reset-mail.ts';

export type ForgotPasswordDeps = MailedLinkDeps;

export interface ForgotPasswordInput {
  email: string;
  /** The body's ResetUrl: the page the link opens (the widget sends its own page). */
  resetUrl?: string | undefined;
  /** The query's parentUrl: the page the widget is on, used when no ResetUrl is sent. */
  parentUrl?: string | undefined;
  ip: string;
}

const message = 'ResetUrl must be a page on one of the company\'s sites.';

/**
 * Where the link goes: ResetUrl, else parentUrl, else the configured confirmation page, on an
 * allowed origin only (the mail goes out under the company's name, so it must never send people
 * to someone else's site). Checked before the email is looked up, so the answer tells nothing.
 */
function resetTarget(deps: ForgotPasswordDeps, input: ForgotPasswordInput): string {
  const target = input.resetUrl ?? input.parentUrl ?? deps.config.registration.confirmationUrl;
  return siteLinkPage(target, deps.allowedOrigins, input.resetUrl === undefined && input.parentUrl !== undefined ? 'query.parentUrl' : 'ResetUrl', message);
}

/**
 * POST /crm/people/forgotPassword. The same answer, after the same work, whether or not the
 * address has an account: one outbox message is written either way (with no person for an unknown
 * address, which the mail handler skips) and one audit row. The token is made when the mail is
 * sent, so nothing usable is ever stored in clear.
 */
export async function forgotPassword(deps: ForgotPasswordDeps, input: ForgotPasswordInput): Promise<void> {
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  const resetUrl = resetTarget(deps, input);
  const email = input.email.trim();
  const person = await deps.uow.signIn.personByEmail(email);
  const at = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    const payload: PasswordResetMailPayload = { personUid: person?.uid ?? null, resetUrl };
    await repos.outbox.enqueue(PASSWORD_RESET_MAIL_TOPIC, payload);
    await repos.auditLog.append({
      uid: newUid(), at, action: 'password.forgot', actor: person?.uid ?? null, target: email.toLowerCase(), ip: input.ip,
      detail: person ? {} : { reason: 'unknown_email' },
    });
    repos.afterCommit(() => deps.wakeOutbox());
  });
}
