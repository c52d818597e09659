import type { MailedLinkDeps } from '../mail/mailed-link-deps.ts';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { newUid } from '../ids/new-uid.ts';
import { CONFIRMATION_MAIL_TOPIC, type ConfirmationMailPayload } from '../mail/confirmation-mail.ts';

export type ResendConfirmationDeps = MailedLinkDeps;

export interface ResendConfirmationInput {
  email: string;
  /** The page the link opens (the query's confirmationUrl), else registration.confirmationUrl. */
  confirmationUrl?: string | undefined;
  ip: string;
}

const message = 'confirmationUrl must be a page on one of the company\'s sites.';

/**
 * POST /crm/registrations/confirmation-mail: 'Send the link again' of a sign-in refused with
 * Errors.EmailNotConfirmed. The same answer after the same work whether or not the address has an
 * account, or is still unconfirmed: one outbox message (with no person unless one is waiting for
 * confirmation, which the mail handler skips) and one audit row. The handler makes a new link and
 * ends the older ones, so only the newest mail works.
 */
export async function resendConfirmation(deps: ResendConfirmationDeps, input: ResendConfirmationInput): Promise<void> {
  // Without confirmation nobody is ever waiting for a link.
  if (!deps.config.registration.requireEmailConfirmation) return;
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  // Checked before the email is looked up, so a refusal tells nothing about it.
  const page = siteLinkPage(input.confirmationUrl ?? deps.config.registration.confirmationUrl, deps.allowedOrigins, 'query.confirmationUrl', message);
  const email = input.email.trim();
  const person = await deps.uow.signIn.personByEmail(email);
  const waiting = person && person.emailConfirmed === null ? person : null;
  const at = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    const payload: ConfirmationMailPayload = { personUid: waiting?.uid ?? null, accountUid: null, confirmationUrl: page };
    await repos.outbox.enqueue(CONFIRMATION_MAIL_TOPIC, payload);
    await repos.auditLog.append({
      uid: newUid(), at, action: 'email.confirmation-resend', actor: person?.uid ?? null, target: email.toLowerCase(), ip: input.ip,
      detail: waiting ? {} : { reason: person ? 'already_confirmed' : 'unknown_email' },
    });
    repos.afterCommit(() => deps.wakeOutbox());
  });
}
