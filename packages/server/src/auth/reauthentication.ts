import { ErrorCode } from '@portico/core';
import { isRecentlyAuthenticated } from '@portico/core/signin/reauthentication';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { dummyPasswordHash, verifyPassword } from '../passwords/password-hashing.ts';

/**
 * The one re-authentication policy ("sudo mode", docs/auth.md "Re-authentication"). Every
 * sensitive use case calls `requireRecentAuthentication` before it changes anything: it passes
 * for the admin key (no session), for a session whose person proved who they are within the
 * window (core's isRecentlyAuthenticated: the sign-in, or a later proof), or when the request
 * itself carries a proof, which is checked and then counts for the window too. Otherwise 403
 * Errors.ReauthenticationRequired, and the widget asks 'Confirm it's you' and retries once.
 */
export interface ReauthenticationDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  /** Google's verifier (sign-up's); null or absent: Google proofs are refused. */
  verifyGoogleIdToken?: VerifyGoogleIdToken | null | undefined;
  /** argon2 verification; tests may wrap it. */
  verifyPassword?: (hash: string, password: string) => Promise<boolean>;
}

/**
 * What proves it is the person: their current password, or a Google ID token issued within the
 * window for the Google profile they are linked to. `field` is the input a refusal names.
 */
export type Proof =
  | { password: string; googleIdToken?: undefined; field?: string }
  | { googleIdToken: string; password?: undefined; field?: string };

/** Which action a proof was for, kept in the audit row of a refused proof. */
export type ProofPurpose = 'reauthenticate' | 'email.change' | 'password.change';

interface SignedInSession { personUid: string; sessionUid: string; ip: string }

function signedInSession(caller: Caller): SignedInSession {
  if (caller.kind !== 'person' || !caller.sessionUid) throw new AppError(ErrorCode.Unauthorized);
  return { personUid: caller.personUid, sessionUid: caller.sessionUid, ip: caller.ip };
}

/**
 * Before a sensitive change. The session row is read here, fresh (the guard may have used a cached
 * copy a few seconds old), so a proof made on another node a moment ago counts at once.
 */
export async function requireRecentAuthentication(deps: ReauthenticationDeps, caller: Caller, proof?: Proof, purpose: ProofPurpose = 'reauthenticate'): Promise<void> {
  if (caller.kind === 'admin') return;
  const me = signedInSession(caller);
  if (proof) {
    await proveIdentity(deps, me, proof, purpose);
    return;
  }
  const session = await deps.uow.sessions.get(me.sessionUid);
  if (!session || session.ended) throw new AppError(ErrorCode.Unauthorized);
  if (!isRecentlyAuthenticated(session.authenticatedAt, deps.clock.now())) throw new AppError(ErrorCode.ReauthenticationRequired);
}

/**
 * POST /auth/reauthenticate: checks the proof and moves the session's authenticated_at to now.
 * Audited either way (`reauthenticate`, `reauthenticate.failure` with the reason).
 */
export async function reauthenticate(deps: ReauthenticationDeps, caller: Caller, proof: Proof): Promise<void> {
  const me = signedInSession(caller);
  await proveIdentity(deps, me, proof, 'reauthenticate');
  await audit(deps, me, 'reauthenticate', { method: proof.password !== undefined ? 'password' : 'google' });
}

async function proveIdentity(deps: ReauthenticationDeps, me: SignedInSession, proof: Proof, purpose: ProofPurpose): Promise<void> {
  const person = await deps.uow.signIn.personByUid(me.personUid);
  if (!person) throw new AppError(ErrorCode.Unauthorized);
  if (proof.password !== undefined) {
    const field = proof.field ?? 'Password';
    // A person without a password (signed up with Google) costs the same argon2 work and gets the same answer.
    const matches = await (deps.verifyPassword ?? verifyPassword)(person.passwordHash ?? await dummyPasswordHash(), proof.password);
    if (person.passwordHash === null || !matches) {
      await audit(deps, me, 'reauthenticate.failure', { method: 'password', purpose, reason: person.passwordHash === null ? 'no_password' : 'wrong_password' });
      throw new AppError(ErrorCode.CurrentPasswordIncorrect, undefined, [fieldError(field, ErrorCode.CurrentPasswordIncorrect)], 400);
    }
  } else {
    const field = proof.field ?? 'GoogleIdToken';
    const refuse = async (reason: string, message: string): Promise<never> => {
      await audit(deps, me, 'reauthenticate.failure', { method: 'google', purpose, reason });
      throw new AppError(ErrorCode.InvalidCredentialsGoogle, message, [fieldError(field, ErrorCode.InvalidCredentialsGoogle, message)], 400);
    };
    if (!deps.verifyGoogleIdToken) return refuse('google_disabled', 'Google sign-in is not enabled for this site.');
    if (!person.googleProfileId) return refuse('not_linked', 'Confirm with your password: this login is not linked to Google.');
    let profile: Awaited<ReturnType<VerifyGoogleIdToken>>;
    try {
      profile = await deps.verifyGoogleIdToken(proof.googleIdToken);
    } catch (err) {
      // Google's keys being unreachable is our outage (500), not a wrong proof.
      if (err instanceof AppError && err.code === ErrorCode.SystemError) throw err;
      return refuse('google_token', 'The Google sign-in could not be verified.');
    }
    if (profile.sub !== person.googleProfileId) return refuse('google_profile_mismatch', 'Sign in with the Google account linked to this login.');
    if (!profile.issuedAt || !isRecentlyAuthenticated(profile.issuedAt, deps.clock.now())) return refuse('google_token_stale', 'Sign in with Google again.');
  }
  await deps.uow.sessions.markAuthenticated(me.sessionUid, deps.clock.now());
}

async function audit(deps: ReauthenticationDeps, me: SignedInSession, action: 'reauthenticate' | 'reauthenticate.failure', detail: Record<string, unknown>): Promise<void> {
  await deps.uow.auditLog.append({ uid: newUid(), at: deps.clock.now(), action, actor: me.personUid, target: me.sessionUid, ip: me.ip, detail });
}
