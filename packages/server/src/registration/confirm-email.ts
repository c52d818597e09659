import { ErrorCode } from '@portico/core';
import type { AccessTokens } from '../auth/access-tokens.ts';
import type { AuthConfig } from '../auth/auth-config.ts';
import { startSignedIn, type SignInAnswer } from '../auth/sign-in.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { tokenHash } from './secret-token.ts';
import { spentLinkError } from './spent-link.ts';

export interface ConfirmEmailDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  auth: AuthConfig;
  tokens: AccessTokens;
}

export interface ConfirmEmailInput {
  token: string;
  ip: string;
  userAgent?: string | undefined;
}

export interface ConfirmEmailAnswer {
  Person: { Uid: string; Email: string };
  EmailConfirmed: boolean;
  /** The person has no password yet: the same token sets one on resetPassword (it was not spent here). */
  SetPassword: boolean;
  /** The sign-in this link started (null when SetPassword). */
  SignIn: SignInAnswer | null;
}

/**
 * POST /crm/registrations/confirm: the confirm-and-sign-in link of a sign-up's mail (a person who
 * gave a password). In one transaction the token is used (checked and marked in one statement, so
 * of two clicks one wins) and the email confirmed; then the person is signed in exactly as a
 * password sign-in would be (startSignedIn: the account, a session, the token, a device token).
 * A person without a password is not confirmed here: the answer says SetPassword and the token
 * stays live for resetPassword, where choosing the password confirms and signs in (a link mailed
 * before the set-password link existed still leads there). A used link whose person is confirmed
 * is 409 Errors.EmailAlreadyConfirmed; unknown and expired ones are 404 Errors.InvalidToken.
 */
export async function confirmEmail(deps: ConfirmEmailDeps, input: ConfirmEmailInput): Promise<ConfirmEmailAnswer> {
  const at = deps.clock.now();
  const hash = tokenHash(input.token);
  const live = await deps.uow.emailTokens.peek(hash, ['confirm-email'], at);
  if (!live) throw await spentLinkError(deps.uow, input.token);
  const person = await deps.uow.signIn.personByUid(live.personUid);
  if (!person) throw new AppError(ErrorCode.InvalidToken);
  const Person = { Uid: person.uid, Email: person.email };
  if (person.passwordHash === null && person.googleProfileId === null) {
    return { Person, EmailConfirmed: person.emailConfirmed !== null, SetPassword: true, SignIn: null };
  }
  const used = await deps.uow.transaction(async (repos) => {
    const token = await repos.emailTokens.use(hash, 'confirm-email', at);
    if (token) await repos.people.confirmEmail(token.personUid, at);
    return token;
  });
  if (!used || used.personUid !== person.uid) throw await spentLinkError(deps.uow, input.token);
  // After the commit, as a sign-in: the token's signing may write the key ring's first key.
  const found = await deps.uow.signIn.personWithAccountsByEmail(person.email, deps.clock.now());
  if (!found) throw new AppError(ErrorCode.InvalidToken);
  const accountUid = used.accountUid && found.memberships.some((m) => m.accountUid === used.accountUid) ? used.accountUid : undefined;
  const signIn = await startSignedIn(deps, found.person, found.memberships, {
    username: found.person.email, accountUid, ip: input.ip, userAgent: input.userAgent, method: 'email-link', knownDevice: false,
  }, ErrorCode.InvalidToken);
  return { Person, EmailConfirmed: true, SetPassword: false, SignIn: signIn };
}
