import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { newUid } from '../ids/new-uid.ts';
import { dummyPasswordHash, verifyPassword } from '../passwords/password-hashing.ts';
import type { AuthConfig } from './auth-config.ts';
import type { AccessTokens, TokenClaims } from './access-tokens.ts';
import type { CurrentSubscription, Membership, MembershipWithSubscription, SignInPerson } from './sign-in.repository.ts';
import { startSession } from './sessions.ts';
import type { AuditAction, AuditEntry } from './audit-log.repository.ts';
import type { VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import { deviceTokenFor, isKnownDevice } from './known-devices.ts';
import { trippedSignIn, type Lockout } from './sign-in-lockout.ts';
import { SIGNIN_CODE_MAIL_TOPIC } from './sign-in-code-mail.ts';

export interface SignInDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  auth: AuthConfig;
  tokens: AccessTokens;
  /** argon2 verification; tests wrap it to see which hash was checked. */
  verifyPassword?: (hash: string, password: string) => Promise<boolean>;
  /** registration.requireEmailConfirmation: a password sign-in waits for the confirmed email (docs/auth.md "Unconfirmed email"). */
  requireEmailConfirmation?: boolean | undefined;
  /** Looks at the outbox now (after a commit that enqueued a sign-in code mail). */
  wakeOutbox?: (() => void) | undefined;
}

export interface SignInInput {
  username: string;
  password: string;
  accountUid?: string | undefined;
  subscriptionUid?: string | undefined;
  ip: string;
  userAgent?: string | undefined;
  timezone?: string | undefined;
  /** The browser's device token (a known browser: docs/auth.md "Lockout and known browsers"). */
  deviceToken?: string | undefined;
  /** The mailed sign-in code, on the code step. */
  code?: string | undefined;
  /** 'Send a new code': a new code even while the last one is live. */
  freshCode?: boolean | undefined;
  /** What the route's flagging limits found; absent, the account counts as not tripped. */
  lockout?: Lockout | undefined;
}

export interface GoogleSignInInput {
  idToken: string;
  /** The email the widget took from the same ID token (spec 2 section 4); it must be the verified one. */
  username: string;
  accountUid?: string | undefined;
  subscriptionUid?: string | undefined;
  ip: string;
  userAgent?: string | undefined;
  timezone?: string | undefined;
  deviceToken?: string | undefined;
}

export interface IssuedToken { access_token: string; token_type: 'Bearer'; expires_in: number }

/** A sign-in's answer: the token and the browser's device token (the one it sent, refreshed, or a new one). */
export interface SignInAnswer extends IssuedToken { device_token: string }

/**
 * The account the token names: the one asked for (by account or subscription uid) when the
 * person belongs to it, else the only one; null when there are several to choose from (the
 * widget shows chooseAccount) or none. Asking for an account the person is not in is refused.
 */
async function chooseAccount<M extends Membership>(deps: SignInDeps, memberships: M[], input: { accountUid?: string | undefined; subscriptionUid?: string | undefined }): Promise<M | null | 'refused'> {
  let wanted = input.accountUid;
  if (!wanted && input.subscriptionUid) wanted = (await deps.uow.signIn.accountOfSubscription(input.subscriptionUid)) ?? '\u0000';
  if (wanted) return memberships.find((m) => m.accountUid === wanted) ?? 'refused';
  return memberships.length === 1 ? memberships[0]! : null;
}

/** The claims of a token for this person, account and session, read fresh (reissue refreshes them). */
export async function claimsFor(deps: SignInDeps, person: SignInPerson, account: Membership | null, sid: string): Promise<TokenClaims> {
  const sub = account ? await deps.uow.signIn.currentSubscription(account.accountUid, deps.clock.now()) : null;
  return claimsOf(person, account, sub, sid);
}

function claimsOf(person: SignInPerson, account: Membership | null, sub: CurrentSubscription | null, sid: string): TokenClaims {
  return {
    sub: person.uid, email: person.email, given_name: person.firstName, family_name: person.lastName,
    account_uid: account?.accountUid ?? null, client_identifier: account?.clientIdentifier ?? null, is_primary: account?.isPrimary ?? false,
    subscription_uid: sub?.uid ?? null, plan_uid: sub?.planUid ?? null, sid,
  };
}

type AuditFields = { actor: string | null; target: string | null; ip: string | null; detail?: Record<string, unknown> };

function auditEntry(deps: SignInDeps, action: AuditAction, e: AuditFields): AuditEntry {
  return { uid: newUid(), at: deps.clock.now(), action, actor: e.actor, target: e.target, ip: e.ip, detail: e.detail ?? {} };
}

async function audit(deps: SignInDeps, action: AuditAction, e: AuditFields) {
  await deps.uow.auditLog.append(auditEntry(deps, action, e));
}

/**
 * POST /tokens with a password. A wrong password, an unknown email and a person without a
 * password all answer the same 400 Errors.InvalidCredentials after the same argon2 work (an
 * unknown email is verified against a dummy hash), so neither the answer nor its timing says
 * whether the email has an account. Every attempt is written to the audit log. While the
 * account's limit is tripped, sign-in-lockout.ts decides (a known browser, or the mailed code).
 */
export async function signIn(deps: SignInDeps, input: SignInInput): Promise<SignInAnswer> {
  const email = input.username.trim();
  // The person, their accounts and each account's subscription (for the claims) in one query,
  // before the verification: an unknown email costs the same one query as a known one.
  const found = await deps.uow.signIn.personWithAccountsByEmail(email, deps.clock.now());
  const person = found?.person ?? null;
  const verify = deps.verifyPassword ?? verifyPassword;
  const stored = person?.passwordHash ?? null;
  const matches = await verify(stored ?? await dummyPasswordHash(), input.password);
  const verified = found && person && stored !== null && matches ? { person, memberships: found.memberships } : null;
  const reason = !person ? 'unknown_email' : stored === null ? 'no_password' : 'wrong_password';
  // Read whenever a device token is sent, right password or not.
  const knownDevice = await isKnownDevice(deps.uow.knownDevices, input.deviceToken, person?.uid ?? null, deps.clock.now());
  if (input.lockout?.tripped) {
    const lockoutDeps = { uow: deps.uow, clock: deps.clock, codes: deps.uow.signInCodes, codeMailTopic: SIGNIN_CODE_MAIL_TOPIC, wakeOutbox: deps.wakeOutbox } as const;
    return trippedSignIn(lockoutDeps, { ...input, lockout: input.lockout }, { subjectUid: person?.uid ?? null, verified, reason, knownDevice }, (v, way) => startSignedIn(
      deps, v.person, v.memberships,
      // The code came to the mailbox: that proves the address as a confirmation link would.
      { ...input, lockout: way, method: 'password', knownDevice: way === 'known-device', mailboxProven: way === 'code' }, ErrorCode.InvalidCredentials,
    ));
  }
  if (!verified) {
    await audit(deps, 'signin.failure', { actor: person?.uid ?? null, target: email.toLowerCase(), ip: input.ip, detail: { reason } });
    throw new AppError(ErrorCode.InvalidCredentials);
  }
  return startSignedIn(deps, verified.person, verified.memberships, { ...input, lockout: undefined, method: 'password', knownDevice }, ErrorCode.InvalidCredentials);
}

export interface StartSignedInInput {
  username: string; accountUid?: string | undefined; subscriptionUid?: string | undefined; ip: string; userAgent?: string | undefined; timezone?: string | undefined;
  /** 'email-link': a sign-up's confirm-and-sign-in link (registration/confirm-email.ts). */
  method: 'password' | 'google' | 'email-link';
  /** The browser's device token, and whether it is this person's live one. */
  deviceToken?: string | undefined;
  knownDevice: boolean;
  /** How a tripped account was got through: the person's known browser, or the mailed code. */
  lockout?: 'known-device' | 'code' | undefined;
  /** The sign-in itself proved the mailbox (Google's verified email, a mailed code): an unconfirmed email becomes confirmed. */
  mailboxProven?: boolean | undefined;
}

/**
 * A password sign-in of a person whose sign-up confirmation is pending, when the company asks
 * for it: 403 Errors.EmailNotConfirmed (the password was right; the widget offers the link again).
 */
async function checkConfirmed(deps: SignInDeps, person: SignInPerson, input: StartSignedInInput): Promise<void> {
  if (person.emailConfirmed !== null) return;
  if (input.mailboxProven) {
    await deps.uow.people.confirmEmail(person.uid, deps.clock.now());
    return;
  }
  if (!deps.requireEmailConfirmation) return;
  await audit(deps, 'signin.failure', { actor: person.uid, target: input.username.trim().toLowerCase(), ip: input.ip, detail: { reason: 'email_not_confirmed', method: input.method } });
  throw new AppError(ErrorCode.EmailNotConfirmed);
}

/** After the person is known: the account asked for (or the only one), a new session, its token and the device token. */
export async function startSignedIn(
  deps: SignInDeps, person: SignInPerson, memberships: MembershipWithSubscription[], input: StartSignedInInput, refusal: ErrorCode,
): Promise<SignInAnswer> {
  const target = input.username.trim().toLowerCase();
  await checkConfirmed(deps, person, input);
  const account = await chooseAccount(deps, memberships, input);
  if (account === 'refused') {
    await audit(deps, 'signin.failure', { actor: person.uid, target, ip: input.ip, detail: { reason: 'not_a_member', method: input.method, accountUid: input.accountUid, subscriptionUid: input.subscriptionUid } });
    throw new AppError(refusal, undefined, [], 400);
  }
  // The session row and its signin.success audit row are written by one statement (one round
  // trip instead of two); startSession still decides the session's uid and deadlines.
  const sessions = {
    ...deps.uow.sessions,
    insert: (s: Parameters<typeof deps.uow.sessions.insert>[0]) => deps.uow.signIn.insertSessionWithAudit(s, auditEntry(deps, 'signin.success', {
      actor: person.uid, target: s.uid, ip: input.ip,
      detail: { method: input.method, accountUid: s.accountUid, timezone: input.timezone ?? null, ...(input.lockout ? { lockout: input.lockout } : {}) },
    })),
  };
  const at = deps.clock.now();
  const session = await startSession(sessions, deps.auth, { personUid: person.uid, accountUid: account?.accountUid ?? null, now: at, ip: input.ip, userAgent: input.userAgent });
  const presented = input.deviceToken ? { token: input.deviceToken, known: input.knownDevice } : null;
  const [{ token, expiresIn }, deviceToken] = await Promise.all([
    deps.tokens.issue(claimsOf(person, account, account?.subscription ?? null, session.uid)),
    deviceTokenFor(deps.uow.knownDevices, person.uid, presented, at),
  ]);
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, device_token: deviceToken };
}

/**
 * POST /tokens with a GoogleIdToken. The token is verified (Google's signature, our client id,
 * a verified email); the person is the one with that email, and the typed username must be it.
 * A person already linked to another Google profile is refused (an email address handed to
 * someone new must not open the old owner's account); the first Google sign-in links the profile.
 * Every refusal is 400 Errors.InvalidCredentialsGoogle and audited.
 */
export async function signInWithGoogle(deps: SignInDeps & { verifyGoogleIdToken: VerifyGoogleIdToken }, input: GoogleSignInInput): Promise<SignInAnswer> {
  const typed = input.username.trim().toLowerCase();
  const refuse = async (reason: string, actor: string | null = null): Promise<never> => {
    await audit(deps, 'signin.failure', { actor, target: typed, ip: input.ip, detail: { reason, method: 'google' } });
    throw new AppError(ErrorCode.InvalidCredentialsGoogle, undefined, [], 400);
  };
  let profile: Awaited<ReturnType<VerifyGoogleIdToken>>;
  try {
    profile = await deps.verifyGoogleIdToken(input.idToken);
  } catch {
    return refuse('google_token');
  }
  if (profile.email.toLowerCase() !== typed) return refuse('google_email_mismatch');
  const found = await deps.uow.signIn.personWithAccountsByEmail(profile.email, deps.clock.now());
  if (!found) return refuse('unknown_email');
  const { person } = found;
  if (person.googleProfileId && person.googleProfileId !== profile.sub) return refuse('google_profile_mismatch', person.uid);
  if (!person.googleProfileId) await deps.uow.signIn.linkGoogleProfile(person.uid, profile.sub);
  const knownDevice = await isKnownDevice(deps.uow.knownDevices, input.deviceToken, person.uid, deps.clock.now());
  // Google verified the address: a pending sign-up confirmation is done.
  return startSignedIn(deps, person, found.memberships, { ...input, method: 'google', knownDevice, mailboxProven: true }, ErrorCode.InvalidCredentialsGoogle);
}

/** A new token for the same live session, claims read again; `accountUid` switches the session's account. */
export async function reissueToken(deps: SignInDeps, s: { personUid: string; sessionUid: string; accountUid: string | null; ip?: string }, switchTo?: string): Promise<IssuedToken> {
  const person = await deps.uow.signIn.personByUid(s.personUid);
  if (!person) throw new AppError(ErrorCode.Unauthorized);
  const memberships = await deps.uow.signIn.memberships(person.uid);
  const wanted = switchTo ?? s.accountUid;
  const account = wanted ? memberships.find((m) => m.accountUid === wanted) ?? null : (memberships.length === 1 ? memberships[0]! : null);
  if (switchTo && !account) throw new AppError(ErrorCode.Forbidden);
  if ((account?.accountUid ?? null) !== s.accountUid) {
    await deps.uow.sessions.setAccount(s.sessionUid, account?.accountUid ?? null);
    // Choosing the account after signing in takes up a pending invitation to it, as signing in to it does (docs/team.md).
    if (account) await deps.uow.team.acceptInvitation(person.uid, account.accountUid);
    if (switchTo) await audit(deps, 'account.switch', { actor: person.uid, target: s.sessionUid, ip: s.ip ?? null, detail: { from: s.accountUid, to: account!.accountUid } });
  }
  const { token, expiresIn } = await deps.tokens.issue(await claimsFor(deps, person, account, s.sessionUid));
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
}

export async function logout(deps: SignInDeps, s: { personUid: string; sessionUid: string; ip: string }): Promise<void> {
  if (await deps.uow.sessions.end(s.sessionUid, deps.clock.now(), 'logout')) {
    await audit(deps, 'logout', { actor: s.personUid, target: s.sessionUid, ip: s.ip });
  }
}
