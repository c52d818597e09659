import { ErrorCode } from '@portico/core';
import { AppError, fieldError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { AuditAction } from './audit-log.repository.ts';
import { checkSignInCode } from './sign-in-code.ts';
import type { SignInCodeMailPayload } from './sign-in-code-mail.ts';
import type { SignInCodesRepository } from './sign-in-codes.repository.ts';

/** What the route's flagging limits found (auth.rate-limits.ts `signInPerEmail`, `signInPerDevice`). */
export interface Lockout {
  /** The account's per-email limit is past: strangers need the mailed code. */
  tripped: boolean;
  /** This device token's own limit is past: it no longer counts as a known browser. */
  deviceOverLimit: boolean;
  /** Counts one code mail for the subject (null: a wrong password, counted on no one's budget); false when their mails are used up. */
  codeMails(subjectUid: string | null): Promise<boolean>;
}

/** Whose sign-in is tripped: a member's (POST /tokens) or an operator's (POST /console/tokens), with their own codes and mail topic. */
export interface LockoutDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  /** The subject's sign-in codes (people's email_tokens or operators' operator_email_tokens). */
  codes: Pick<SignInCodesRepository, 'live' | 'use' | 'miss'>;
  /** The outbox topic whose handler mails the subject a code. */
  codeMailTopic: OutboxTopic;
  /** Merged into every audit row's detail (the console's `{ console: true }`). */
  auditDetail?: Record<string, unknown> | undefined;
  wakeOutbox?: (() => void) | undefined;
}

export interface TrippedInput {
  username: string;
  ip: string;
  deviceToken?: string | undefined;
  code?: string | undefined;
  freshCode?: boolean | undefined;
  lockout: Lockout;
}

export interface Attempt<V> {
  /** The person or operator the email names; null when unknown. */
  subjectUid: string | null;
  /** What signing in needs when the password was right (the person and their accounts, the operator). */
  verified: V | null;
  /** Why it was not right, for the audit log. */
  reason: string;
  /** The device token sent is this subject's live one. */
  knownDevice: boolean;
}

/** How a tripped sign-in was got through: the owner's known browser, or the mailed code (which also proves the mailbox). */
export type LockoutWay = 'known-device' | 'code';

/**
 * A password sign-in while the account's limit is tripped (docs/auth.md "Lockout and known
 * browsers"), for members and operators alike. The owner's known browser with the right password
 * signs in as usual. Anyone else gets one answer whether the password was right or wrong, after the
 * same work: without a code, 403 Errors.SignInCodeRequired (a code is mailed only when the password
 * was right); with a code, 400 Errors.InvalidSignInCode unless both the password and the code are
 * right. So the code step never tells a guesser that a password was right, and a code alone never signs in.
 */
export async function trippedSignIn<V, A>(deps: LockoutDeps, input: TrippedInput, attempt: Attempt<V>, start: (verified: V, way: LockoutWay) => Promise<A>): Promise<A> {
  const target = input.username.trim().toLowerCase();
  const at = deps.clock.now();
  const entry = (action: AuditAction, detail: Record<string, unknown>) => ({ uid: newUid(), at, action, actor: attempt.subjectUid, target, ip: input.ip, detail: { ...deps.auditDetail, ...detail } });
  const { verified } = attempt;
  const device = !input.deviceToken ? 'none' : !attempt.knownDevice ? 'not_this_persons' : input.lockout.deviceOverLimit ? 'over_limit' : 'known';

  if (device === 'known') {
    if (!verified) {
      await deps.uow.auditLog.append(entry('signin.failure', { reason: attempt.reason, tripped: true, device }));
      throw new AppError(ErrorCode.InvalidCredentials);
    }
    return start(verified, 'known-device');
  }

  if (input.code !== undefined) {
    const check = await checkSignInCode(deps.codes, attempt.subjectUid, input.code, at, verified !== null);
    if (verified && check === 'used') return start(verified, 'code');
    await deps.uow.auditLog.append(entry('signin.failure', { reason: verified ? 'wrong_code' : attempt.reason, tripped: true, device }));
    throw new AppError(ErrorCode.InvalidSignInCode, undefined, [fieldError('code', ErrorCode.InvalidSignInCode)]);
  }

  const mayMail = await input.lockout.codeMails(verified ? attempt.subjectUid : null);
  await deps.uow.transaction(async (repos) => {
    // Written either way (with no subject when nothing is to be sent), so both answers cost the same.
    const payload: SignInCodeMailPayload = { subjectUid: verified && mayMail ? attempt.subjectUid : null, fresh: input.freshCode === true };
    await repos.outbox.enqueue(deps.codeMailTopic, payload);
    await repos.auditLog.append(entry('signin.code-required', {
      reason: verified ? 'right_password' : attempt.reason, mail: !verified ? 'none' : mayMail ? 'queued' : 'limited', fresh: input.freshCode === true, device,
    }));
    repos.afterCommit(() => deps.wakeOutbox?.());
  });
  throw new AppError(ErrorCode.SignInCodeRequired);
}
