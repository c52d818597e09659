import { ErrorCode } from '@portico/core';
import { requirePrimary } from '../accounts/account-access.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { notPending } from './resend-invitation.ts';
import type { TeamDeps } from './team-deps.ts';

/**
 * DELETE /profile/account/people/{Uid}/invitation (primary contact only): withdraws a pending
 * invitation in one transaction: the membership goes (its seat is free again), the mailed links
 * for this account stop working, and a mail not yet sent is never sent (invite-mail.ts checks the
 * membership). The person stays (they may have other accounts). Someone who has joined is 409
 * Errors.Conflict (Remove is the way for them), so a late click never removes a real member.
 */
export async function revokeInvitation(deps: TeamDeps, caller: Caller, linkUid: string, ip: string): Promise<void> {
  const me = requirePrimary(caller);
  await deps.uow.transaction(async (repos) => {
    await repos.accounts.lock(me.accountUid);
    const member = await repos.team.member(me.accountUid, linkUid);
    if (!member) throw new AppError(ErrorCode.NotFound, 'No such person on this account.');
    if (!member.pending) throw notPending();
    const now = deps.clock.now();
    await repos.team.unlink(linkUid);
    await repos.emailTokens.invalidateForAccount(member.person.uid, 'invite', me.accountUid, now);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: me.personUid, action: 'team.invite.revoke', target: member.person.uid, ip,
      detail: { accountUid: me.accountUid, personAccountUid: linkUid },
    });
  });
}
