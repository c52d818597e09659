import type { MailedLinkDeps } from '../mail/mailed-link-deps.ts';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { newUid } from '../ids/new-uid.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
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
 * address has an account (mailResetLinkNeutrally). The token is made when the mail is sent, so
 * nothing usable is ever stored in clear.
 */
export async function forgotPassword(deps: ForgotPasswordDeps, input: ForgotPasswordInput): Promise<void> {
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  const resetUrl = resetTarget(deps, input);
  const email = input.email.trim();
  const person = await deps.uow.signIn.personByEmail(email);
  const payload: PasswordResetMailPayload = { personUid: person?.uid ?? null, resetUrl };
  await mailResetLinkNeutrally(deps, { topic: PASSWORD_RESET_MAIL_TOPIC, payload, subjectUid: person?.uid ?? null, email, ip: input.ip });
}

/**
 * Forgot password's rule, for members and operators alike (operators/operator-forgot-password.ts):
 * one outbox message is written whether or not the address names anyone (with no subject for an
 * unknown one, which the mail handler skips) and one audit row `password.forgot`, in one
 * transaction, so neither the answer nor its cost tells whether the address has an account.
 */
export async function mailResetLinkNeutrally(
  deps: Pick<ForgotPasswordDeps, 'uow' | 'clock' | 'wakeOutbox'>,
  m: { topic: OutboxTopic; payload: unknown; subjectUid: string | null; email: string; ip: string; auditDetail?: Record<string, unknown> },
): Promise<void> {
  const at = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    await repos.outbox.enqueue(m.topic, m.payload);
    await repos.auditLog.append({
      uid: newUid(), at, action: 'password.forgot', actor: m.subjectUid, target: m.email.toLowerCase(), ip: m.ip,
      detail: { ...(m.subjectUid ? {} : { reason: 'unknown_email' }), ...m.auditDetail },
    });
    repos.afterCommit(() => deps.wakeOutbox());
  });
}
