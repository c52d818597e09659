import { ErrorCode } from '@portico/core';
import { displayName } from '@portico/core/profile/display-name';
import { requirePrimary } from '../accounts/account-access.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { callerScope, requestHash, withIdempotency } from '../http/idempotency.ts';
import { siteLinkPage } from '../http/site-url.ts';
import { newUid } from '../ids/new-uid.ts';
import { memberToWire, seatsOf } from './list-team.ts';
import type { InviteMailPayload } from './invite-mail.ts';
import type { TeamDeps } from './team-deps.ts';

export interface InviteRequest {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  parentUrl?: string | undefined;
  idempotencyKey?: string | undefined;
  ip: string;
}

/** The page the invitation link opens: the widget's host page when it is on an allowed origin, else the company's site. */
export function inviteLinkBase(deps: TeamDeps, requested: string | undefined): string {
  const message = 'parentUrl must be a page on one of the company\'s sites.';
  // A token already on the host page (the widget just used a resetToken) never rides along.
  return siteLinkPage(requested ?? deps.defaultLinkBase, deps.allowedOrigins, 'querystring.parentUrl', message);
}

/**
 * POST /profile/account/people (primary contact only). Under the account's row lock, so two
 * invitations at once count seats one after the other and never make the same person twice:
 * refused unless the seat rule allows one more person; an existing person (same email, any case)
 * is linked rather than copied; a member already here is 409 Errors.Duplicate. The mail with a
 * single-use link goes through the outbox after the commit. With an Idempotency-Key a double
 * click replays the first answer.
 */
export async function inviteTeamMember(deps: TeamDeps, caller: Caller, req: InviteRequest) {
  const me = requirePrimary(caller);
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable, 'Invitations are sent by email, and mail cannot be sent right now. Please try again later.');
  const base = inviteLinkBase(deps, req.parentUrl);
  const body = { Email: req.email, FirstName: req.firstName ?? null, LastName: req.lastName ?? null };
  const idem = { scope: `${callerScope('POST /profile/account/people', caller)} account:${me.accountUid}`, key: req.idempotencyKey, requestHash: requestHash(body, base) };
  const answer = await withIdempotency(deps.uow, idem, async (repos) => {
    await repos.accounts.lock(me.accountUid);
    const now = deps.clock.now();
    const seats = await seatsOf(repos, me.accountUid, now);
    if (seats.refusal === 'seats') throw new AppError(ErrorCode.TeamSeatsExhausted);
    if (seats.refusal === 'maximumPeople') throw new AppError(ErrorCode.TeamMaximumPeopleReached);
    const existing = await repos.team.personByEmail(req.email);
    let personUid = existing?.uid;
    if (personUid && await repos.team.isMember(personUid, me.accountUid)) {
      throw new AppError(ErrorCode.Duplicate, 'This person is already on the team.', [fieldError('Email', ErrorCode.Duplicate, 'This person is already on the team.')]);
    }
    if (!personUid) {
      personUid = newUid();
      // No password: the invitation link sets it (POST /crm/people/resetPassword/{token}).
      await repos.people.insert({ uid: personUid, email: req.email, firstName: req.firstName || null, lastName: req.lastName || null });
    }
    const linkUid = newUid();
    // Pending until the invitee first signs in to the account (docs/team.md 'Pending invitations'); it holds a seat meanwhile.
    await repos.people.link({ uid: linkUid, personUid, accountUid: me.accountUid, isPrimary: false, receiveInvoices: false, invitationPending: true, invitedAt: now, invitedBy: me.personUid });
    const inviter = await repos.people.get(me.personUid);
    const invitedBy = (inviter && displayName(inviter.firstName, inviter.lastName, inviter.email)) || 'The account owner';
    const payload: InviteMailPayload = { personUid, accountUid: me.accountUid, linkBase: base, invitedBy };
    await repos.outbox.enqueue('mail.invite', payload);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: me.personUid, action: 'team.invite', target: personUid, ip: req.ip,
      detail: { accountUid: me.accountUid, personAccountUid: linkUid, newPerson: !existing },
    });
    repos.afterCommit(() => deps.wakeOutbox());
    const member = await repos.team.member(me.accountUid, linkUid);
    return { statusCode: 201 as const, body: memberToWire(member!) };
  });
  return answer;
}
