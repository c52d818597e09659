import { ErrorCode } from '@portico/core';
import { inviteRefusal, RESEND_COOLDOWN_MS } from '@portico/core/team/team-rules';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PLANS } from './demo-settings.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

type TeamPage = ResponseBody<Operation<'get', '/api/v1/profile/account/people'>>;
type Member = TeamPage['items'][number];
type InviteBody = RequestBody<Operation<'post', '/api/v1/profile/account/people'>>;

/**
 * Each persona's own account's team, kept in memory for the page (issue 15: a persona sees only their
 * own account). The team owner's Bright Labs has a few members and two pending invitations; every
 * other persona's account starts with only that person. Seats and the invite rule come from the
 * persona's plan in the demo company's catalogue (core's inviteRefusal), as a server answers; a pending
 * invitation holds a seat (docs/team.md).
 */
const person = (Uid: string, FirstName: string | null, LastName: string | null, Email: string) => ({ Uid, FirstName, LastName, Email });
const DAY = 86_400_000;
/** A member who joined (no invitation pending) and a pending invitation sent `daysAgo` days before `now`. */
const joined = (m: Omit<Member, 'Pending' | 'Invited'>): Member => ({ ...m, Pending: false, Invited: null });
const pendingSince = (m: Omit<Member, 'Pending' | 'Invited'>, now: number, daysAgo: number): Member => ({ ...m, Pending: true, Invited: new Date(now - daysAgo * DAY).toISOString() });

function initial(name: DemoPersonaName, now = Date.now()): Member[] {
  const me = DEMO_PERSONA_DATA[name].person;
  if (!me) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const self = joined({ Uid: `pa_${me.Uid.replace(/^per_/, '')}`, IsPrimary: true, ReceiveInvoices: true, Person: person(me.Uid, me.FirstName, me.LastName, me.Email) });
  if (name !== 'teamOwner') return [self];
  return [
    self,
    joined({ Uid: 'pa_lee', IsPrimary: false, ReceiveInvoices: true, Person: person('per_lee', 'Lee', 'Chen', 'lee.chen@brightlabs.io') }),
    joined({ Uid: 'pa_ines', IsPrimary: false, ReceiveInvoices: false, Person: person('per_ines', 'Inês', 'Duarte', 'ines@brightlabs.io') }),
    joined({ Uid: 'pa_tom', IsPrimary: false, ReceiveInvoices: false, Person: person('per_tom', 'Tomás', 'Rivera', 'tomas@brightlabs.io') }),
    pendingSince({ Uid: 'pa_guest', IsPrimary: false, ReceiveInvoices: false, Person: person('per_guest', null, null, 'contractor@example.net') }, now, 3),
    pendingSince({ Uid: 'pa_maria', IsPrimary: false, ReceiveInvoices: false, Person: person('per_maria', 'Maria', 'Okafor', 'maria.okafor-villanueva@finance.brightlabs-holdings.example') }, now, 9),
  ];
}

const teams = new Map<DemoPersonaName, Member[]>();
let next = 1;

/** Starts every persona's team over (tests; a page reload does the same). */
export function resetDemoTeam(): void {
  teams.clear();
  next = 1;
}

function teamOf(name: DemoPersonaName): Member[] {
  if (!teams.has(name)) teams.set(name, initial(name));
  return teams.get(name)!;
}

const sortKey = (m: Member) => [m.IsPrimary ? 0 : 1, m.ReceiveInvoices ? 0 : 1, (m.Person.LastName ?? '').toLowerCase(), (m.Person.FirstName ?? '').toLowerCase(), m.Person.Email.toLowerCase()];
const compare = (a: Member, b: Member) => {
  const [x, y] = [sortKey(a), sortKey(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i]! < y[i]!) return -1; else if (x[i]! > y[i]!) return 1;
  return 0;
};

function seats(name: DemoPersonaName) {
  const account = DEMO_PERSONA_DATA[name].account;
  const plan = DEMO_PLANS.find((p) => p.Uid === account?.planUid);
  const team = teamOf(name);
  const IsPerUser = plan?.IsPerUser ?? false;
  const Quantity = account?.quantity ?? 1;
  const MaximumPeople = plan?.MaximumPeople ?? null;
  const refusal = inviteRefusal({ isPerUser: IsPerUser, quantity: Quantity, maximumPeople: MaximumPeople, members: team.length });
  const Seats = {
    IsPerUser, Quantity, MaximumPeople, Members: team.length, PendingInvitations: team.filter((m) => m.Pending).length,
    UnitOfMeasure: plan?.UnitOfMeasure ?? null, UnitOfMeasurePlural: plan?.UnitOfMeasurePlural ?? null, CanInvite: refusal === null,
  };
  return { Seats, refusal };
}

export function demoTeamPage(name: DemoPersonaName, query: Readonly<Record<string, unknown>>): TeamPage {
  const limit = Number(query.limit ?? 25);
  const offset = Number(query.offset ?? 0);
  const pending = query.Pending === true || query.Pending === 'true' ? true : query.Pending === false || query.Pending === 'false' ? false : null;
  const sorted = teamOf(name).filter((m) => pending === null || m.Pending === pending).sort(compare);
  return { metadata: { limit, offset, total: sorted.length }, items: sorted.slice(offset, offset + limit), Seats: seats(name).Seats };
}

export function demoInvite(name: DemoPersonaName, body: InviteBody, now = new Date()): Member {
  const { refusal } = seats(name);
  if (refusal === 'seats') throw new DemoRefusal(409, ErrorCode.TeamSeatsExhausted);
  if (refusal === 'maximumPeople') throw new DemoRefusal(409, ErrorCode.TeamMaximumPeopleReached);
  const team = teamOf(name);
  if (team.some((m) => m.Person.Email.toLowerCase() === body.Email.toLowerCase())) {
    throw new DemoRefusal(409, ErrorCode.Duplicate, [{ Field: 'Email', ErrorCode: ErrorCode.Duplicate, Message: 'This person is already on the team.' }]);
  }
  const member: Member = pendingSince({ Uid: `pa_demo_${next}`, IsPrimary: false, ReceiveInvoices: false, Person: person(`per_demo_${next}`, body.FirstName ?? null, body.LastName ?? null, body.Email) }, now.getTime(), 0);
  next += 1;
  team.push(member);
  return member;
}

function find(name: DemoPersonaName, uid: string): Member {
  const member = teamOf(name).find((m) => m.Uid === uid);
  if (!member) throw new DemoRefusal(404, ErrorCode.NotFound);
  return member;
}

export function demoChange(name: DemoPersonaName, uid: string, body: RequestBody<Operation<'put', '/api/v1/profile/account/people/{Uid}'>>) {
  const member = find(name, uid);
  if (body.IsPrimary) {
    if (member.IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
    teams.set(name, teamOf(name).map((m) => ({ ...m, IsPrimary: m.Uid === uid })));
    return { PersonAccount: { ...member, IsPrimary: true }, LoggedOut: true };
  }
  member.ReceiveInvoices = body.ReceiveInvoices === true;
  return { PersonAccount: { ...member }, LoggedOut: false };
}

/** A pending invitation of the persona's team; someone who joined is 409, as on the server. */
function findPending(name: DemoPersonaName, uid: string): Member {
  const member = find(name, uid);
  if (!member.Pending) throw new DemoRefusal(409, ErrorCode.Conflict);
  return member;
}

/** 'Resend invitation': nothing is mailed in demo mode; a second ask within a minute says Sent: false, as the server does. */
export function demoResend(name: DemoPersonaName, uid: string, now = new Date()) {
  const member = findPending(name, uid);
  if (member.Invited && now.getTime() - Date.parse(member.Invited) < RESEND_COOLDOWN_MS) return { PersonAccount: { ...member }, Sent: false };
  member.Invited = now.toISOString();
  return { PersonAccount: { ...member }, Sent: true };
}

/** 'Revoke': the invitation and its seat go. */
export function demoRevoke(name: DemoPersonaName, uid: string): undefined {
  findPending(name, uid);
  teams.set(name, teamOf(name).filter((m) => m.Uid !== uid));
  return undefined;
}

export function demoRemove(name: DemoPersonaName, uid: string): undefined {
  if (find(name, uid).IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
  teams.set(name, teamOf(name).filter((m) => m.Uid !== uid));
  return undefined;
}
