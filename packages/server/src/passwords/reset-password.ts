import { ErrorCode, type PasswordPolicy } from '@portico/core';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { VerifyGoogleIdToken } from '../google/verify-google-id-token.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { EmailTokenPurpose, LiveEmailToken } from '../registration/email-tokens.repository.ts';
import { tokenHash } from '../registration/secret-token.ts';
import { spentLinkError } from '../registration/spent-link.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import { claimsFor, type SignInAnswer } from '../auth/sign-in.ts';
import { deviceTokenFor } from '../auth/known-devices.ts';
import { startSession } from '../auth/sessions.ts';
import { fullName } from '@portico/core/profile/display-name';
import { hashPassword } from './password-hashing.ts';
import { requireAcceptedPassword } from './validate-password.ts';

/**
 * What opens the reset screen: a reset link (forgot password), a team invitation's link (set a
 * password and join), and a sign-up's set-password link (`confirm-email`, for a person who has no
 * password yet: mail/confirmation-mail.ts). A confirm-email token of a person who has a password is
 * not a reset link: it only confirms (registration/confirm-email.ts).
 */
export const RESET_PURPOSES: readonly EmailTokenPurpose[] = ['reset', 'invite', 'confirm-email'];

export interface ResetPasswordDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  auth: AuthConfig;
  tokens: AccessTokens;
  policy: PasswordPolicy;
  /** Null when no Google client id is configured: reset options are then 1 and Google resets are refused. */
  verifyGoogleIdToken: VerifyGoogleIdToken | null;
}

export interface ResetPasswordInput {
  token: string;
  NewPassword?: string | undefined;
  GoogleIdToken?: string | undefined;
  ip: string;
  userAgent?: string | undefined;
}

const invalidToken = () => new AppError(ErrorCode.InvalidToken);

/** The live reset, invite or set-password token, not used up; null when unknown, used, expired, or a confirm-email token of a person with a password. */
export async function liveResetToken(uow: UnitOfWork, token: string, at: Date): Promise<LiveEmailToken | null> {
  const live = await uow.emailTokens.peek(tokenHash(token), RESET_PURPOSES, at);
  if (!live || live.purpose !== 'confirm-email') return live;
  const person = await uow.signIn.personByUid(live.personUid);
  return person && person.passwordHash === null ? live : null;
}

/** What an invitation's set-password screen says: who invited (their name only, never their email) and to which account. */
export interface InvitationFacts { InvitedBy: string | null; AccountName: string }

/**
 * GET /crm/people/resetPassword/{token}/options: 2 offers Google on the reset screen (when configured), else 1.
 * A team invitation's link also answers `Invitation` (the inviter's name and the account's name, nothing else).
 * A used set-password link is 409 Errors.EmailAlreadyConfirmed.
 */
export async function resetOptions(deps: ResetPasswordDeps, token: string): Promise<{ Options: number; Invitation?: InvitationFacts }> {
  const live = await liveResetToken(deps.uow, token, deps.clock.now());
  if (!live) throw await spentLinkError(deps.uow, token);
  const Options = deps.verifyGoogleIdToken ? 2 : 1;
  if (live.purpose !== 'invite' || !live.accountUid) return { Options };
  const facts = await deps.uow.team.invitationOf(live.personUid, live.accountUid);
  if (!facts) return { Options };
  return { Options, Invitation: { InvitedBy: (facts.inviter && fullName(facts.inviter.firstName, facts.inviter.lastName)) || null, AccountName: facts.accountName } };
}

/** The person's new credential, checked before the transaction (argon2 and Google's keys are slow). */
async function prepare(deps: ResetPasswordDeps, input: ResetPasswordInput, personUid: string): Promise<{ hash: string } | { googleSub: string }> {
  if (input.GoogleIdToken !== undefined) {
    const refuse = (message: string) => new AppError(ErrorCode.InvalidCredentialsGoogle, message, [fieldError('GoogleIdToken', ErrorCode.InvalidCredentialsGoogle, message)], 400);
    if (!deps.verifyGoogleIdToken) throw refuse('Google sign-in is not enabled for this site.');
    const profile = await deps.verifyGoogleIdToken(input.GoogleIdToken).catch(() => { throw refuse('The Google sign-in could not be verified.'); });
    const person = await deps.uow.signIn.personByUid(personUid);
    if (!person || profile.email.toLowerCase() !== person.email.toLowerCase()) throw refuse('Sign in with the Google account of the address the link was sent to.');
    if (person.googleProfileId && person.googleProfileId !== profile.sub) throw refuse('This person is linked to another Google account.');
    return { googleSub: profile.sub };
  }
  const password = input.NewPassword ?? '';
  await requireAcceptedPassword(deps, 'NewPassword', { password, personUid });
  return { hash: await hashPassword(password) };
}

/**
 * POST /crm/people/resetPassword/{token} with NewPassword or GoogleIdToken: a reset link, an
 * invitation's, or a sign-up's set-password link. In one transaction:
 * the token is used (the statement that checks it marks it, so of two submits one wins and the
 * other gets 404, or 409 Errors.EmailAlreadyConfirmed for a set-password link), the password set (the old hash joins the history), PasswordMustChange cleared,
 * the email confirmed (the link came to the mailbox, whether a reset's, an invitation's or a sign-up's), every
 * session of the person ended, and a new one started. Answers a fresh access token for it, so the
 * widget signs in at once, and a device token: this browser is now a known one.
 */
export async function resetPassword(deps: ResetPasswordDeps, input: ResetPasswordInput): Promise<SignInAnswer> {
  const peeked = await liveResetToken(deps.uow, input.token, deps.clock.now());
  if (!peeked) throw await spentLinkError(deps.uow, input.token);
  const credential = await prepare(deps, input, peeked.personUid);
  const at = deps.clock.now();
  const session = await deps.uow.transaction(async (repos) => {
    const used = await repos.emailTokens.useAny(tokenHash(input.token), RESET_PURPOSES, at);
    if (!used || used.personUid !== peeked.personUid) return null;
    if ('hash' in credential) await repos.passwordHistory.replaceHash(used.personUid, credential.hash, at);
    else await repos.signIn.linkGoogleProfile(used.personUid, credential.googleSub);
    await repos.passwordHistory.setMustChange(used.personUid, false, at);
    // The link was mailed to the address: following it confirms it, as the sign-up's link would (docs/auth.md "Unconfirmed email").
    await repos.people.confirmEmail(used.personUid, at);
    const ended = await repos.sessions.endAllOfPerson(used.personUid, at, 'password.reset');
    const memberships = await repos.signIn.memberships(used.personUid);
    const account = (used.accountUid ? memberships.find((m) => m.accountUid === used.accountUid) : undefined)
      ?? (memberships.length === 1 ? memberships[0]! : null);
    // The invitee's first sign-in to the account: the invitation is taken up (docs/team.md).
    if (account) await repos.team.acceptInvitation(used.personUid, account.accountUid);
    const started = await startSession(repos.sessions, deps.auth, { personUid: used.personUid, accountUid: account?.accountUid ?? null, now: at, ip: input.ip, userAgent: input.userAgent });
    await repos.auditLog.append({
      uid: newUid(), at, action: 'password.reset', actor: used.personUid, target: started.uid, ip: input.ip,
      detail: { purpose: used.purpose, method: 'hash' in credential ? 'password' : 'google', sessionsEnded: ended },
    });
    return { session: started, account };
  });
  // The twin of a double submit lost the token to the winner: a used set-password link answers 409.
  if (!session) throw await spentLinkError(deps.uow, input.token);
  // Signed after the commit: the key ring may write its first key, outside this transaction.
  const person = await deps.uow.signIn.personByUid(peeked.personUid);
  if (!person) throw invalidToken();
  const { token, expiresIn } = await deps.tokens.issue(await claimsFor(deps, person, session.account, session.session.uid));
  const deviceToken = await deviceTokenFor(deps.uow.knownDevices, person.uid, null, at);
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, device_token: deviceToken };
}
