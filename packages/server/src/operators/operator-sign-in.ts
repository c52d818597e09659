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
import { deviceTokenFor, isKnownDevice } from '../auth/known-devices.ts';
import { trippedSignIn, type Lockout, type LockoutWay } from '../auth/sign-in-lockout.ts';
import type { OperatorClaims } from './console-tokens.ts';
import { OPERATOR_SIGNIN_CODE_TOPIC } from './operator-link-mail.ts';
import type { Operator } from './operators.repository.ts';
import type { OperatorSession } from './operator-sessions.repository.ts';

export interface OperatorSignInDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  auth: AuthConfig;
  tokens: AccessTokens<OperatorClaims>;
  /** Looks at the outbox now (after a commit that enqueued a sign-in code mail). */
  wakeOutbox?: (() => void) | undefined;
}

export const claimsOf = (o: Operator, sid: string): OperatorClaims => ({
  sub: o.uid, sid, email: o.email, name: o.name, initials: operatorInitials(o.name), role: o.role,
});

async function audit(deps: OperatorSignInDeps, action: AuditAction, e: { actor: string | null; target: string | null; ip: string; detail?: Record<string, unknown> }) {
  await deps.uow.auditLog.append({ uid: newUid(), at: deps.clock.now(), action, actor: e.actor, target: e.target, ip: e.ip, detail: { console: true, ...e.detail } });
}

export interface OperatorSignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
  /** This browser's console device token (a known browser gets in while strangers have tripped the email). */
  deviceToken?: string | undefined;
  /** The mailed sign-in code, on the code step. */
  code?: string | undefined;
  /** 'Send a new code'. */
  freshCode?: boolean | undefined;
  /** What the route's flagging limits found (the members' rows and counters). */
  lockout: Lockout;
}

/** A console sign-in's answer: the token and this browser's device token for the console. */
export interface OperatorSignInAnswer extends IssuedToken { device_token: string }

/**
 * POST /console/tokens, the members' rules (auth/sign-in.ts): an unknown email, a disabled operator,
 * one who has not set a password yet and a wrong password answer the same 400
 * Errors.InvalidCredentials after the same argon2 work, and every attempt is audited. While the
 * email's sign-in limit is tripped (the members' rows and counters), auth/sign-in-lockout.ts decides
 * with the operator's own known browsers and codes: the owner's known browser gets in; anyone else
 * gets 403 Errors.SignInCodeRequired, right password or not, and the right password mails a code.
 */
export async function operatorSignIn(deps: OperatorSignInDeps, input: OperatorSignInInput): Promise<OperatorSignInAnswer> {
  const email = input.email.trim();
  const operator = await deps.uow.operators.byEmail(email);
  const matches = await verifyPassword(operator?.passwordHash ?? await dummyPasswordHash(), input.password);
  const verified = operator && operator.passwordHash !== null && matches && !operator.disabled ? operator : null;
  const reason = !operator ? 'unknown_email' : operator.passwordHash === null ? 'no_password' : !matches ? 'wrong_password' : 'disabled';
  const knownDevice = await isKnownDevice(deps.uow.operatorKnownDevices, input.deviceToken, operator?.uid ?? null, deps.clock.now());
  const start = (o: Operator, lockout?: LockoutWay) => startOperatorSession(deps, o, { ...input, knownDevice: lockout === 'code' ? false : knownDevice, lockout });
  if (input.lockout.tripped) {
    const lockoutDeps = { uow: deps.uow, clock: deps.clock, codes: deps.uow.operatorSignInCodes, codeMailTopic: OPERATOR_SIGNIN_CODE_TOPIC, auditDetail: { console: true }, wakeOutbox: deps.wakeOutbox } as const;
    return trippedSignIn(lockoutDeps, { ...input, username: email }, { subjectUid: operator?.uid ?? null, verified, reason, knownDevice }, start);
  }
  if (!verified) {
    await audit(deps, 'signin.failure', { actor: operator?.uid ?? null, target: email.toLowerCase(), ip: input.ip, detail: { reason } });
    throw new AppError(ErrorCode.InvalidCredentials);
  }
  return start(verified);
}

/** A new session for the operator, its token and the browser's device token (the one it sent, refreshed, when it is theirs). */
export async function startOperatorSession(
  deps: OperatorSignInDeps, operator: Operator,
  input: { ip: string; userAgent?: string | undefined; deviceToken?: string | undefined; knownDevice: boolean; lockout?: LockoutWay | undefined; method?: 'password' | 'link' },
): Promise<OperatorSignInAnswer> {
  const at = deps.clock.now();
  const session = await openSession<OperatorSession>(deps.uow.operatorSessions, deps.auth, { now: at, ip: input.ip, userAgent: input.userAgent }, { operatorUid: operator.uid });
  await audit(deps, 'signin.success', { actor: operator.uid, target: session.uid, ip: input.ip, detail: { method: input.method ?? 'password', ...(input.lockout ? { lockout: input.lockout } : {}) } });
  const presented = input.deviceToken ? { token: input.deviceToken, known: input.knownDevice } : null;
  const [{ token, expiresIn }, deviceToken] = await Promise.all([
    deps.tokens.issue(claimsOf(operator, session.uid)),
    deviceTokenFor(deps.uow.operatorKnownDevices, operator.uid, presented, at),
  ]);
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, device_token: deviceToken };
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
