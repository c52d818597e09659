import { ErrorCode } from '@portico/core';
import { displayName } from '@portico/core/profile/display-name';
import { RESEND_COOLDOWN_MS } from '@portico/core/team/team-rules';
import { requirePrimary } from '../accounts/account-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import type { InviteMailPayload } from './invite-mail.ts';
import { inviteLinkBase } from './invite-team-member.ts';
import { memberToWire } from './list-team.ts';
import type { TeamDeps } from './team-deps.ts';

export const notPending = () => new AppError(ErrorCode.Conflict, 'This person has already joined the account.');

/**
 * POST /profile/account/people/{Uid}/invitation (primary contact only): mails a pending invitation
 * again. The mail's new link replaces the earlier ones (invite-mail.ts). Idempotent: a second ask
 * within RESEND_COOLDOWN_MS of the last mail (a double click, a retry) sends nothing more and answers
 * the same, with `Sent: false`. A member who has joined is 409 Errors.Conflict; another account's
 * uid and an unknown one are the same 404.
 */
export async function resendInvitation(deps: TeamDeps, caller: Caller, linkUid: string, req: { parentUrl?: string | undefined; ip: string }) {
  const me = requirePrimary(caller);
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable, 'Invitations are sent by email, and mail cannot be sent right now. Please try again later.');
  const base = inviteLinkBase(deps, req.parentUrl);
  return deps.uow.transaction(async (repos) => {
    await repos.accounts.lock(me.accountUid);
    const member = await repos.team.member(me.accountUid, linkUid);
    if (!member) throw new AppError(ErrorCode.NotFound, 'No such person on this account.');
    if (!member.pending) throw notPending();
    const now = deps.clock.now();
    if (member.invitedAt && now.getTime() - member.invitedAt.getTime() < RESEND_COOLDOWN_MS) {
      return { PersonAccount: memberToWire(member), Sent: false };
    }
    await repos.team.touchInvitation(linkUid, now);
    const inviter = await repos.people.get(me.personUid);
    const invitedBy = (inviter && displayName(inviter.firstName, inviter.lastName, inviter.email)) || 'The account owner';
    const payload: InviteMailPayload = { personUid: member.person.uid, accountUid: me.accountUid, linkBase: base, invitedBy };
    await repos.outbox.enqueue('mail.invite', payload);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: me.personUid, action: 'team.invite.resend', target: member.person.uid, ip: req.ip,
      detail: { accountUid: me.accountUid, personAccountUid: linkUid },
    });
    repos.afterCommit(() => deps.wakeOutbox());
    return { PersonAccount: memberToWire({ ...member, invitedAt: now }), Sent: true };
  });
}
