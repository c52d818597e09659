import { ErrorCode } from '@portico/core';
import { inviteRefusal } from '@portico/core/team/team-rules';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PLANS } from './demo-settings.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

type TeamPage = ResponseBody<Operation<'get', '/api/v1/profile/account/people'>>;
type Member = TeamPage['items'][number];
type InviteBody = RequestBody<Operation<'post', '/api/v1/profile/account/people'>>;

/**
 * The team of a persona other than the team owner (whose team is demo-team.ts): the persona's own
 * account, so a free member sees only themselves, never Bright Labs (issue 15). Seats and the invite
 * rule come from the persona's plan (core's inviteRefusal), as a server answers; invitations made
 * here are kept for the page.
 */
const teams = new Map<DemoPersonaName, Member[]>();

function teamOf(name: DemoPersonaName): Member[] {
  const { person } = DEMO_PERSONA_DATA[name];
  if (!person) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  if (!teams.has(name)) {
    teams.set(name, [{ Uid: `pa_${person.Uid}`, IsPrimary: true, ReceiveInvoices: true, Person: { Uid: person.Uid, FirstName: person.FirstName, LastName: person.LastName, Email: person.Email } }]);
  }
  return teams.get(name)!;
}

function seats(name: DemoPersonaName) {
  const plan = DEMO_PLANS.find((p) => p.Uid === DEMO_PERSONA_DATA[name].account?.planUid);
  const quantity = DEMO_PERSONA_DATA[name].account?.quantity ?? 1;
  const members = teamOf(name).length;
  const refusal = inviteRefusal({ isPerUser: plan?.IsPerUser ?? false, quantity, maximumPeople: plan?.MaximumPeople ?? null, members });
  const Seats = {
    IsPerUser: plan?.IsPerUser ?? false, Quantity: quantity, MaximumPeople: plan?.MaximumPeople ?? null, Members: members,
    UnitOfMeasure: plan?.UnitOfMeasure ?? null, UnitOfMeasurePlural: plan?.UnitOfMeasurePlural ?? null, CanInvite: refusal === null,
  };
  return { Seats, refusal };
}

/** Starts the personas' own teams over (tests; a page reload does the same). */
export function resetDemoOwnTeams(): void {
  teams.clear();
}

export function ownTeamPage(name: DemoPersonaName, query: Readonly<Record<string, unknown>>): TeamPage {
  const limit = Number(query.limit ?? 25);
  const offset = Number(query.offset ?? 0);
  const team = teamOf(name);
  return { metadata: { limit, offset, total: team.length }, items: team.slice(offset, offset + limit), Seats: seats(name).Seats };
}

export function ownTeamInvite(name: DemoPersonaName, body: InviteBody): Member {
  const { refusal } = seats(name);
  if (refusal === 'seats') throw new DemoRefusal(409, ErrorCode.TeamSeatsExhausted);
  if (refusal === 'maximumPeople') throw new DemoRefusal(409, ErrorCode.TeamMaximumPeopleReached);
  const team = teamOf(name);
  if (team.some((m) => m.Person.Email.toLowerCase() === body.Email.toLowerCase())) {
    throw new DemoRefusal(409, ErrorCode.Duplicate, [{ Field: 'Email', ErrorCode: ErrorCode.Duplicate, Message: 'This person is already on the team.' }]);
  }
  const n = team.length;
  const member: Member = { Uid: `pa_${name}_${n}`, IsPrimary: false, ReceiveInvoices: false, Person: { Uid: `per_${name}_${n}`, FirstName: body.FirstName ?? null, LastName: body.LastName ?? null, Email: body.Email } };
  team.push(member);
  return member;
}

function find(name: DemoPersonaName, uid: string): Member {
  const member = teamOf(name).find((m) => m.Uid === uid);
  if (!member) throw new DemoRefusal(404, ErrorCode.NotFound);
  return member;
}

export function ownTeamChange(name: DemoPersonaName, uid: string, body: RequestBody<Operation<'put', '/api/v1/profile/account/people/{Uid}'>>) {
  const member = find(name, uid);
  if (body.IsPrimary) {
    if (member.IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
    teams.set(name, teamOf(name).map((m) => ({ ...m, IsPrimary: m.Uid === uid })));
    return { PersonAccount: { ...member, IsPrimary: true }, LoggedOut: true };
  }
  member.ReceiveInvoices = body.ReceiveInvoices === true;
  return { PersonAccount: { ...member }, LoggedOut: false };
}

export function ownTeamRemove(name: DemoPersonaName, uid: string): undefined {
  if (find(name, uid).IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
  teams.set(name, teamOf(name).filter((m) => m.Uid !== uid));
  return undefined;
}
