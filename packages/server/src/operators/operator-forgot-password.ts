import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { mailResetLinkNeutrally } from '../passwords/forgot-password.ts';
import { OPERATOR_LINK_MAIL_TOPIC, type OperatorLinkMailPayload } from './operator-link-mail.ts';
import type { OperatorInvitationDeps } from './operator-invitation.ts';

/**
 * POST /console/forgot-password: the members' rule (passwords/forgot-password.ts
 * mailResetLinkNeutrally): the same 204 after the same work whether or not the address names an
 * enabled operator; only an enabled operator is mailed a reset link (60 minutes, once) to the
 * console's set-password screen. The link always points at this server's console, never at a page
 * the request names, so no one can have a reset mail carry a link to their own site.
 */
export async function operatorForgotPassword(deps: OperatorInvitationDeps, input: { email: string; ip: string }): Promise<void> {
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  const email = input.email.trim();
  const operator = await deps.uow.operators.byEmail(email);
  const subjectUid = operator && !operator.disabled ? operator.uid : null;
  const payload: OperatorLinkMailPayload = { operatorUid: subjectUid, purpose: 'reset', consoleUrl: deps.consoleUrl };
  await mailResetLinkNeutrally(deps, {
    topic: OPERATOR_LINK_MAIL_TOPIC, payload, subjectUid, email, ip: input.ip,
    auditDetail: { console: true, ...(operator?.disabled ? { reason: 'disabled' } : {}) },
  });
}
