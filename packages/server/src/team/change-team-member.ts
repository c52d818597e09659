import { ErrorCode } from '@portico/core';
import { requirePrimary } from '../accounts/account-access.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import { memberToWire } from './list-team.ts';
import type { TeamDeps } from './team-deps.ts';

const ownerUntouchable = (what: string) => new AppError(ErrorCode.InvalidValue, `The account owner cannot be ${what}.`, [], 400);

/**
 * PUT /profile/account/people/{Uid} (primary contact only). `IsPrimary: true` hands the account
 * to that member in one transaction (the old owner false, the new one true) and ends both people's
 * sessions on this account, so neither token keeps its old role for a second; the answer says so
 * and the widget logs out; it needs a recent sign-in (403 Errors.ReauthenticationRequired otherwise,
 * auth/reauthentication.ts). `ReceiveInvoices` marks an invoice recipient. Another account's link
 * and an unknown uid are the same 404.
 */
export async function changeTeamMember(deps: TeamDeps, caller: Caller, linkUid: string, change: { IsPrimary?: true | undefined; ReceiveInvoices?: boolean | undefined }, ip: string) {
  const me = requirePrimary(caller);
  // Handing the account to someone else is a sensitive change: a recent sign-in or a 'Confirm it's you' first.
  if (change.IsPrimary) await requireRecentAuthentication(deps, caller);
  return deps.uow.transaction(async (repos) => {
    await repos.accounts.lock(me.accountUid);
    const member = await repos.team.member(me.accountUid, linkUid);
    if (!member) throw new AppError(ErrorCode.NotFound, 'No such person on this account.');
    const now = deps.clock.now();
    if (change.IsPrimary) {
      if (member.isPrimary) throw ownerUntouchable('promoted');
      const oldOwners = (await repos.team.page(me.accountUid, { isPrimary: true }, [], { limit: -1, offset: 0 })).items.map((m) => m.person.uid);
      await repos.team.setPrimary(me.accountUid, linkUid);
      await repos.sessions.endOnAccount([...new Set([...oldOwners, member.person.uid])], me.accountUid, now, 'revoked');
      await repos.auditLog.append({
        uid: newUid(), at: now, actor: me.personUid, action: 'team.promote', target: member.person.uid, ip,
        detail: { accountUid: me.accountUid, personAccountUid: linkUid, previousOwners: oldOwners },
      });
      return { PersonAccount: memberToWire({ ...member, isPrimary: true }), LoggedOut: true };
    }
    await repos.team.setReceiveInvoices(linkUid, change.ReceiveInvoices!);
    return { PersonAccount: memberToWire({ ...member, receiveInvoices: change.ReceiveInvoices! }), LoggedOut: false };
  });
}

/**
 * DELETE /profile/account/people/{Uid} (primary contact only): the person leaves the account (the
 * person stays, with their other accounts) and their sessions on it end at once. The owner cannot
 * be removed: promote someone else first.
 */
export async function removeTeamMember(deps: TeamDeps, caller: Caller, linkUid: string, ip: string): Promise<void> {
  const me = requirePrimary(caller);
  await deps.uow.transaction(async (repos) => {
    await repos.accounts.lock(me.accountUid);
    const member = await repos.team.member(me.accountUid, linkUid);
    if (!member) throw new AppError(ErrorCode.NotFound, 'No such person on this account.');
    if (member.isPrimary) throw ownerUntouchable('removed');
    const now = deps.clock.now();
    await repos.team.unlink(linkUid);
    await repos.sessions.endOnAccount([member.person.uid], me.accountUid, now, 'revoked');
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: me.personUid, action: 'team.remove', target: member.person.uid, ip,
      detail: { accountUid: me.accountUid, personAccountUid: linkUid },
    });
  });
}
