import { inviteRefusal } from '@portico/core/team/team-rules';
import type { Caller } from '../http/caller.ts';
import { requireMember } from '../accounts/account-access.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { PageRequest } from '../http/list.ts';
import type { TeamFilter, TeamMember, TeamSort } from './team.repository.ts';
import type { TeamDeps } from './team-deps.ts';

export interface Seats {
  IsPerUser: boolean;
  Quantity: number;
  MaximumPeople: number | null;
  Members: number;
  /** Of `Members`, the invitations not yet taken up: each holds a seat (docs/team.md). */
  PendingInvitations: number;
  UnitOfMeasure: string | null;
  UnitOfMeasurePlural: string | null;
  CanInvite: boolean;
}

/** The account's seat state and whether one more person may join (core team-rules). */
export async function seatsOf(repos: Pick<Repositories, 'team'>, accountUid: string, at: Date): Promise<Seats & { refusal: ReturnType<typeof inviteRefusal> }> {
  const [source, { members, pending }] = await Promise.all([repos.team.seatSource(accountUid, at), repos.team.counts(accountUid)]);
  const state = {
    isPerUser: source?.isPerUser ?? false, quantity: source?.quantity ?? 0,
    maximumPeople: source?.maximumPeople || null, members,
  };
  const refusal = inviteRefusal(state);
  return {
    IsPerUser: state.isPerUser, Quantity: state.quantity, MaximumPeople: state.maximumPeople, Members: members, PendingInvitations: pending,
    UnitOfMeasure: source?.unitOfMeasure ?? null, UnitOfMeasurePlural: source?.unitOfMeasurePlural ?? null,
    CanInvite: refusal === null, refusal,
  };
}

export const memberToWire = (m: TeamMember) => ({
  Uid: m.uid, IsPrimary: m.isPrimary, ReceiveInvoices: m.receiveInvoices,
  Person: { Uid: m.person.uid, Email: m.person.email, FirstName: m.person.firstName, LastName: m.person.lastName },
  Pending: m.pending, Invited: m.invitedAt ? m.invitedAt.toISOString() : null,
});

/** GET /profile/account/people: any member reads their own account's team. */
export async function listTeam(deps: TeamDeps, caller: Caller, q: { accountUid?: string | undefined; filter: TeamFilter; sort: TeamSort[]; page: PageRequest }) {
  const me = requireMember(caller, q.accountUid);
  const page = await deps.uow.team.page(me.accountUid, q.filter, q.sort, q.page);
  const { refusal: _refusal, ...seats } = await seatsOf(deps.uow, me.accountUid, deps.clock.now());
  return {
    metadata: { limit: q.page.limit, offset: q.page.offset, total: page.total },
    items: page.items.map(memberToWire),
    Seats: seats,
  };
}
