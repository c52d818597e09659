import { ErrorCode } from '@portico/core';
import { AppError, fieldError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { AuditAction } from './audit-log.repository.ts';
import { checkSignInCode } from './sign-in-code.ts';
import { SIGNIN_CODE_MAIL_TOPIC, type SignInCodeMailPayload } from './sign-in-code-mail.ts';
import type { MembershipWithSubscription, SignInPerson } from './sign-in.repository.ts';
import type { SignInAnswer, SignInDeps, SignInInput, StartSignedInInput } from './sign-in.ts';

/** What the route's flagging limits found (auth.rate-limits.ts `signInPerEmail`, `signInPerDevice`). */
export interface Lockout {
  /** The account's per-email limit is past: strangers need the mailed code. */
  tripped: boolean;
  /** This device token's own limit is past: it no longer counts as a known browser. */
  deviceOverLimit: boolean;
  /** Counts one code mail for the person (null: a wrong password, counted on no one's budget); false when their mails are used up. */
  codeMails(personUid: string | null): Promise<boolean>;
}

export interface Attempt {
  person: SignInPerson | null;
  /** The person and their accounts when the password was right. */
  verified: { person: SignInPerson; memberships: MembershipWithSubscription[] } | null;
  /** Why it was not right, for the audit log. */
  reason: string;
  /** The device token sent is this person's live one. */
  knownDevice: boolean;
}

type Start = (deps: SignInDeps, person: SignInPerson, memberships: MembershipWithSubscription[], input: StartSignedInInput, refusal: ErrorCode) => Promise<SignInAnswer>;

/**
 * A password sign-in while the account's limit is tripped (docs/auth.md "Lockout and known
 * browsers"). The owner's known browser with the right password signs in as usual. Anyone else
 * gets one answer whether the password was right or wrong, after the same work: without a code,
 * 403 Errors.SignInCodeRequired (a code is mailed only when the password was right); with a code,
 * 400 Errors.InvalidSignInCode unless both the password and the code are right. So the code step
 * never tells a guesser that a password was right, and a code alone never signs in.
 */
export async function trippedSignIn(deps: SignInDeps, input: SignInInput & { lockout: Lockout }, attempt: Attempt, start: Start): Promise<SignInAnswer> {
  const target = input.username.trim().toLowerCase();
  const at = deps.clock.now();
  const entry = (action: AuditAction, detail: Record<string, unknown>) => ({ uid: newUid(), at, action, actor: attempt.person?.uid ?? null, target, ip: input.ip, detail });
  const { verified } = attempt;
  const device = !input.deviceToken ? 'none' : !attempt.knownDevice ? 'not_this_persons' : input.lockout.deviceOverLimit ? 'over_limit' : 'known';

  if (device === 'known') {
    if (!verified) {
      await deps.uow.auditLog.append(entry('signin.failure', { reason: attempt.reason, tripped: true, device }));
      throw new AppError(ErrorCode.InvalidCredentials);
    }
    return start(deps, verified.person, verified.memberships, { ...input, method: 'password', knownDevice: true, lockout: 'known-device' }, ErrorCode.InvalidCredentials);
  }

  if (input.code !== undefined) {
    const check = await checkSignInCode(deps.uow.signInCodes, attempt.person?.uid ?? null, input.code, at, verified !== null);
    if (verified && check === 'used') {
      // The code came to the mailbox: that proves the address as a confirmation link would.
      return start(deps, verified.person, verified.memberships, { ...input, method: 'password', knownDevice: false, lockout: 'code', mailboxProven: true }, ErrorCode.InvalidCredentials);
    }
    await deps.uow.auditLog.append(entry('signin.failure', { reason: verified ? 'wrong_code' : attempt.reason, tripped: true, device }));
    throw new AppError(ErrorCode.InvalidSignInCode, undefined, [fieldError('code', ErrorCode.InvalidSignInCode)]);
  }

  const mayMail = await input.lockout.codeMails(verified?.person.uid ?? null);
  await deps.uow.transaction(async (repos) => {
    // Written either way (with no person when nothing is to be sent), so both answers cost the same.
    const payload: SignInCodeMailPayload = { personUid: verified && mayMail ? verified.person.uid : null, fresh: input.freshCode === true };
    await repos.outbox.enqueue(SIGNIN_CODE_MAIL_TOPIC, payload);
    await repos.auditLog.append(entry('signin.code-required', {
      reason: verified ? 'right_password' : attempt.reason, mail: !verified ? 'none' : mayMail ? 'queued' : 'limited', fresh: input.freshCode === true, device,
    }));
    repos.afterCommit(() => deps.wakeOutbox?.());
  });
  throw new AppError(ErrorCode.SignInCodeRequired);
}
