import { ErrorCode, type PasswordPolicy } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { requireAcceptedPassword } from '../passwords/validate-password.ts';
import { tokenHash } from '../registration/secret-token.ts';
import type { OperatorTokenPurpose } from '../registration/email-tokens.repository.ts';
import { startOperatorSession, type OperatorSignInAnswer, type OperatorSignInDeps } from './operator-sign-in.ts';
import type { Operator } from './operators.repository.ts';

/** The links that open the console's set-password screen: the admin's invitation and forgot password. */
export const OPERATOR_LINK_PURPOSES: readonly OperatorTokenPurpose[] = ['invite', 'reset'];

export interface OperatorSetPasswordDeps extends OperatorSignInDeps {
  policy: PasswordPolicy;
  companyName: string;
}

const invalidToken = () => new AppError(ErrorCode.InvalidToken);

/** The live link's operator (enabled); null when the link is unknown, used, expired or the operator disabled. */
async function liveLink(deps: OperatorSetPasswordDeps, token: string): Promise<{ operator: Operator; purpose: OperatorTokenPurpose } | null> {
  const live = await deps.uow.operatorEmailTokens.peek(tokenHash(token), OPERATOR_LINK_PURPOSES, deps.clock.now());
  const operator = live ? await deps.uow.operators.byUid(live.operatorUid) : null;
  return live && operator && !operator.disabled ? { operator, purpose: live.purpose } : null;
}

/**
 * What the set-password screen shows for a live invitation or reset link: what it is for, the
 * company, whom it signs in (the link came to that mailbox) and the password rules. 404
 * Errors.InvalidToken for anything else; the link is not used.
 */
export async function operatorLinkFacts(deps: OperatorSetPasswordDeps, token: string) {
  const link = await liveLink(deps, token);
  if (!link) throw invalidToken();
  return { Purpose: link.purpose, CompanyName: deps.companyName, Email: link.operator.email, Name: link.operator.name, PasswordPolicy: deps.policy };
}

/**
 * The new password from an invitation's or a reset's link, the members' reset rules
 * (passwords/reset-password.ts): checked against the company's policy (the common-password list,
 * the operator's email and name as personal data) before the transaction; then in one transaction
 * the link is used (of two submits one wins, the other gets 404), the password set, the operator's
 * other links ended, **every session of the operator ended** and a new one opened. Answers a console
 * token and a device token, so the operator is signed in at once, whether or not the sign-in limit
 * has tripped their email.
 */
export async function setOperatorPassword(deps: OperatorSetPasswordDeps, input: { token: string; password: string; ip: string; userAgent?: string | undefined }): Promise<OperatorSignInAnswer> {
  const link = await liveLink(deps, input.token);
  if (!link) throw invalidToken();
  const { operator } = link;
  await requireAcceptedPassword(deps, 'NewPassword', { password: input.password, personalData: [operator.email, operator.name] });
  const hash = await hashPassword(input.password);
  const at = deps.clock.now();
  const started = await deps.uow.transaction(async (repos) => {
    const used = await repos.operatorEmailTokens.use(tokenHash(input.token), OPERATOR_LINK_PURPOSES, at);
    if (!used || used.operatorUid !== operator.uid) return null;
    await repos.operators.setPasswordHash(operator.uid, hash);
    await repos.operatorEmailTokens.invalidateAll(operator.uid, OPERATOR_LINK_PURPOSES, at);
    const ended = await repos.operatorSessions.endAllOf(operator.uid, at, 'password.reset');
    await repos.auditLog.append({ uid: newUid(), at, action: 'password.reset', actor: operator.uid, target: operator.email.toLowerCase(), ip: input.ip, detail: { console: true, purpose: used.purpose, sessionsEnded: ended } });
    return used;
  });
  if (!started) throw invalidToken();
  // The new session after the commit (the other sessions' end is announced by then), as a sign-in opens one.
  return startOperatorSession(deps, { ...operator, passwordHash: hash }, { ip: input.ip, userAgent: input.userAgent, knownDevice: false, method: 'link' });
}

