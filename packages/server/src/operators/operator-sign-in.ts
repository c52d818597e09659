import { ErrorCode } from '@portico/core';
import { operatorInitials } from '@portico/core/operators/operator-rules';
import { AppError } from '../http/app-error.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { newUid } from '../ids/new-uid.ts';
import { dummyPasswordHash, verifyPassword } from '../passwords/password-hashing.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { openSession } from '../auth/sessions.ts';
import type { AuditAction } from '../auth/audit-log.repository.ts';
import type { IssuedToken } from '../auth/sign-in.ts';
import type { OperatorClaims } from './console-tokens.ts';
import type { Operator } from './operators.repository.ts';
import type { OperatorSession } from './operator-sessions.repository.ts';

export interface OperatorSignInDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  auth: AuthConfig;
  tokens: AccessTokens<OperatorClaims>;
}

export const claimsOf = (o: Operator, sid: string): OperatorClaims => ({
  sub: o.uid, sid, email: o.email, name: o.name, initials: operatorInitials(o.name), role: o.role,
});

async function audit(deps: OperatorSignInDeps, action: AuditAction, e: { actor: string | null; target: string | null; ip: string; detail?: Record<string, unknown> }) {
  await deps.uow.auditLog.append({ uid: newUid(), at: deps.clock.now(), action, actor: e.actor, target: e.target, ip: e.ip, detail: { console: true, ...e.detail } });
}

/**
 * POST /console/tokens. The members' rules (auth/sign-in.ts): an unknown email, a disabled operator
 * and a wrong password answer the same 400 Errors.InvalidCredentials after the same argon2 work, and
 * every attempt is audited. While the email's sign-in limit is tripped (the same rows and counters as
 * members': auth.rate-limits.ts signInPerEmail) every attempt is refused, right password or not: the
 * console has no known-browser or mailed-code way through yet (docs/console.md "Lockout").
 */
export async function operatorSignIn(deps: OperatorSignInDeps, input: { email: string; password: string; ip: string; userAgent?: string | undefined; tripped: boolean }): Promise<IssuedToken> {
  const email = input.email.trim();
  const operator = await deps.uow.operators.byEmail(email);
  const matches = await verifyPassword(operator?.passwordHash ?? await dummyPasswordHash(), input.password);
  const target = email.toLowerCase();
  if (input.tripped) {
    await audit(deps, 'signin.failure', { actor: operator?.uid ?? null, target, ip: input.ip, detail: { reason: 'tripped' } });
    throw new AppError(ErrorCode.TooManyRequests, 'Too many sign-in attempts for this email; try again later.', [], 429);
  }
  if (!operator || !matches || operator.disabled) {
    const reason = !operator ? 'unknown_email' : !matches ? 'wrong_password' : 'disabled';
    await audit(deps, 'signin.failure', { actor: operator?.uid ?? null, target, ip: input.ip, detail: { reason } });
    throw new AppError(ErrorCode.InvalidCredentials);
  }
  const session = await openSession<OperatorSession>(deps.uow.operatorSessions, deps.auth, { now: deps.clock.now(), ip: input.ip, userAgent: input.userAgent }, { operatorUid: operator.uid });
  await audit(deps, 'signin.success', { actor: operator.uid, target: session.uid, ip: input.ip, detail: { method: 'password' } });
  const { token, expiresIn } = await deps.tokens.issue(claimsOf(operator, session.uid));
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
}

/** A new console token for the same live session, the operator read again (a changed name shows at once). */
export async function reissueOperatorToken(deps: OperatorSignInDeps, s: { operatorUid: string; sessionUid: string }): Promise<IssuedToken> {
  const operator = await deps.uow.operators.byUid(s.operatorUid);
  if (!operator || operator.disabled) throw new AppError(ErrorCode.Unauthorized);
  const { token, expiresIn } = await deps.tokens.issue(claimsOf(operator, s.sessionUid));
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
}

export async function operatorLogout(deps: OperatorSignInDeps, s: { operatorUid: string; sessionUid: string; ip: string }): Promise<void> {
  if (await deps.uow.operatorSessions.end(s.sessionUid, deps.clock.now(), 'logout')) {
    await audit(deps, 'logout', { actor: s.operatorUid, target: s.sessionUid, ip: s.ip });
  }
}
