import { ErrorCode } from '@portico/core';
import { inviteRefusal, RESEND_COOLDOWN_MS } from '@portico/core/team/team-rules';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

type TeamPage = ResponseBody<Operation<'get', '/api/v1/profile/account/people'>>;
type Member = TeamPage['items'][number];
type InviteBody = RequestBody<Operation<'post', '/api/v1/profile/account/people'>>;

/** The teamOwner persona's account (Team plan, 8 seats, at most 50 people): a few members, kept in memory so the flow can be tried. */
const owner = DEMO_PERSONA_DATA.teamOwner;
const SEATS = { IsPerUser: true, Quantity: owner.account?.quantity ?? 8, MaximumPeople: 50, UnitOfMeasure: 'seat', UnitOfMeasurePlural: 'seats' };
const person = (Uid: string, FirstName: string | null, LastName: string | null, Email: string) => ({ Uid, FirstName, LastName, Email });
const DAY = 86_400_000;
/** A member who joined (no invitation pending) and a pending invitation sent `daysAgo` days before `now`. */
const joined = (m: Omit<Member, 'Pending' | 'Invited'>): Member => ({ ...m, Pending: false, Invited: null });
const pendingSince = (m: Omit<Member, 'Pending' | 'Invited'>, now: number, daysAgo: number): Member => ({ ...m, Pending: true, Invited: new Date(now - daysAgo * DAY).toISOString() });
const initial = (now = Date.now()): Member[] => [
  joined({ Uid: 'pa_sam', IsPrimary: true, ReceiveInvoices: true, Person: person(owner.person!.Uid, owner.person!.FirstName, owner.person!.LastName, owner.person!.Email) }),
  joined({ Uid: 'pa_lee', IsPrimary: false, ReceiveInvoices: true, Person: person('per_lee', 'Lee', 'Chen', 'lee.chen@brightlabs.io') }),
  joined({ Uid: 'pa_ines', IsPrimary: false, ReceiveInvoices: false, Person: person('per_ines', 'Inês', 'Duarte', 'ines@brightlabs.io') }),
  joined({ Uid: 'pa_tom', IsPrimary: false, ReceiveInvoices: false, Person: person('per_tom', 'Tomás', 'Rivera', 'tomas@brightlabs.io') }),
  // Invited, not joined yet: listed apart as pending invitations, each holding a seat (docs/team.md).
  pendingSince({ Uid: 'pa_guest', IsPrimary: false, ReceiveInvoices: false, Person: person('per_guest', null, null, 'contractor@example.net') }, now, 3),
  pendingSince({ Uid: 'pa_maria', IsPrimary: false, ReceiveInvoices: false, Person: person('per_maria', 'Maria', 'Okafor', 'maria.okafor-villanueva@finance.brightlabs-holdings.example') }, now, 9),
];
let team = initial();
let next = 1;

/** Starts the demo team over (tests; a page reload does the same). */
export function resetDemoTeam(): void {
  team = initial();
  next = 1;
}

const sortKey = (m: Member) => [m.IsPrimary ? 0 : 1, m.ReceiveInvoices ? 0 : 1, (m.Person.LastName ?? '').toLowerCase(), (m.Person.FirstName ?? '').toLowerCase(), m.Person.Email.toLowerCase()];
const compare = (a: Member, b: Member) => {
  const [x, y] = [sortKey(a), sortKey(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i]! < y[i]!) return -1; else if (x[i]! > y[i]!) return 1;
  return 0;
};

function seats() {
  const refusal = inviteRefusal({ isPerUser: SEATS.IsPerUser, quantity: SEATS.Quantity, maximumPeople: SEATS.MaximumPeople, members: team.length });
  return { ...SEATS, Members: team.length, PendingInvitations: team.filter((m) => m.Pending).length, CanInvite: refusal === null, refusal };
}

export function demoTeamPage(query: Readonly<Record<string, unknown>>): TeamPage {
  const limit = Number(query.limit ?? 25);
  const offset = Number(query.offset ?? 0);
  const pending = query.Pending === true || query.Pending === 'true' ? true : query.Pending === false || query.Pending === 'false' ? false : null;
  const sorted = team.filter((m) => pending === null || m.Pending === pending).sort(compare);
  const { refusal: _r, ...Seats } = seats();
  return { metadata: { limit, offset, total: sorted.length }, items: sorted.slice(offset, offset + limit), Seats };
}

export function demoInvite(body: InviteBody, now = new Date()): Member {
  const { refusal } = seats();
  if (refusal === 'seats') throw new DemoRefusal(409, ErrorCode.TeamSeatsExhausted);
  if (refusal === 'maximumPeople') throw new DemoRefusal(409, ErrorCode.TeamMaximumPeopleReached);
  if (team.some((m) => m.Person.Email.toLowerCase() === body.Email.toLowerCase())) {
    throw new DemoRefusal(409, ErrorCode.Duplicate, [{ Field: 'Email', ErrorCode: ErrorCode.Duplicate, Message: 'This person is already on the team.' }]);
  }
  const member: Member = pendingSince({ Uid: `pa_demo_${next}`, IsPrimary: false, ReceiveInvoices: false, Person: person(`per_demo_${next}`, body.FirstName ?? null, body.LastName ?? null, body.Email) }, now.getTime(), 0);
  next += 1;
  team.push(member);
  return member;
}

function find(uid: string): Member {
  const member = team.find((m) => m.Uid === uid);
  if (!member) throw new DemoRefusal(404, ErrorCode.NotFound);
  return member;
}

export function demoChange(uid: string, body: RequestBody<Operation<'put', '/api/v1/profile/account/people/{Uid}'>>) {
  const member = find(uid);
  if (body.IsPrimary) {
    if (member.IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
    team = team.map((m) => ({ ...m, IsPrimary: m.Uid === uid }));
    return { PersonAccount: { ...member, IsPrimary: true }, LoggedOut: true };
  }
  member.ReceiveInvoices = body.ReceiveInvoices === true;
  return { PersonAccount: { ...member }, LoggedOut: false };
}

/** A pending invitation of the demo team; someone who joined is 409, as on the server. */
function findPending(uid: string): Member {
  const member = find(uid);
  if (!member.Pending) throw new DemoRefusal(409, ErrorCode.Conflict);
  return member;
}

/** 'Resend invitation': nothing is mailed in demo mode; a second ask within a minute says Sent: false, as the server does. */
export function demoResend(uid: string, now = new Date()) {
  const member = findPending(uid);
  if (member.Invited && now.getTime() - Date.parse(member.Invited) < RESEND_COOLDOWN_MS) return { PersonAccount: { ...member }, Sent: false };
  member.Invited = now.toISOString();
  return { PersonAccount: { ...member }, Sent: true };
}

/** 'Revoke': the invitation and its seat go. */
export function demoRevoke(uid: string): undefined {
  findPending(uid);
  team = team.filter((m) => m.Uid !== uid);
  return undefined;
}

export function demoRemove(uid: string): undefined {
  if (find(uid).IsPrimary) throw new DemoRefusal(400, ErrorCode.InvalidValue);
  team = team.filter((m) => m.Uid !== uid);
  return undefined;
}
