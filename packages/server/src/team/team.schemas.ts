import { z } from 'zod';
import { EMAIL_PATTERN } from '@portico/core/validation/email';
import { TEAM_PAGE_SIZE } from '@portico/core/team/team-rules';
import { listAnswer } from '../http/list.ts';
import type { TeamSort, TeamSortField } from './team.repository.ts';

const SORT_FIELDS = ['IsPrimary', 'ReceiveInvoices', 'LastName', 'FirstName', 'Email', 'Created'] as const satisfies readonly TeamSortField[];
/** The team page's order (spec 2 section 7 and 9). */
export const DEFAULT_TEAM_ORDER = 'IsPrimary DESC, ReceiveInvoices DESC, LastName, FirstName, Email';

const ORDER_ITEM = new RegExp(`^(${SORT_FIELDS.join('|')})(?:\\s+(ASC|DESC))?$`, 'i');

/** 'Field [ASC|DESC], ...' over the allowed fields only: never SQL text. */
export function parseTeamOrder(value: string): TeamSort[] | null {
  const sorts: TeamSort[] = [];
  for (const part of value.split(',')) {
    const m = ORDER_ITEM.exec(part.trim());
    if (!m) return null;
    const field = SORT_FIELDS.find((f) => f.toLowerCase() === m[1]!.toLowerCase())!;
    sorts.push({ field, desc: (m[2] ?? '').toUpperCase() === 'DESC' });
  }
  return sorts;
}

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const teamQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(TEAM_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  IsPrimary: bool.optional(),
  ReceiveInvoices: bool.optional(),
  /** true: only pending invitations; false: only people who have joined. */
  Pending: bool.optional(),
  orderBy: z.string().max(200).default(DEFAULT_TEAM_ORDER)
    .refine((v) => parseTeamOrder(v) !== null, `must be a comma list of ${SORT_FIELDS.join(', ')}, each optionally ASC or DESC`),
  /** Accepted for the spec's call shape; it must be the signed-in account (another answers 404). */
  accountUid: z.string().max(64).optional(),
}).strict();

const personOut = z.object({ Uid: z.string(), Email: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable() });
export const memberOut = z.object({
  Uid: z.string(), IsPrimary: z.boolean(), ReceiveInvoices: z.boolean(), Person: personOut,
  /** Invited and not yet signed in to the account; holds a seat (docs/team.md 'Pending invitations'). */
  Pending: z.boolean(),
  /** When the last invitation mail was asked for (ISO 8601); null for a member who joined otherwise. */
  Invited: z.string().nullable(),
});

/** What the team screen needs beside the page: the seat rule's inputs and its answer (core team-rules). */
export const seatsOut = z.object({
  IsPerUser: z.boolean(),
  Quantity: z.number().int(),
  MaximumPeople: z.number().int().nullable(),
  Members: z.number().int(),
  /** Of Members, invitations not yet taken up (each holds a seat). */
  PendingInvitations: z.number().int(),
  UnitOfMeasure: z.string().nullable(),
  UnitOfMeasurePlural: z.string().nullable(),
  CanInvite: z.boolean(),
});
export const teamOut = listAnswer(memberOut).extend({ Seats: seatsOut });

const name = z.string().trim().max(100).optional();
export const inviteInput = z.object({
  Email: z.string().trim().min(1).max(254)
    .refine((v) => EMAIL_PATTERN.test(v), { message: 'Invalid email', params: { ErrorCode: 'Errors.InvalidEmail' } }),
  FirstName: name,
  LastName: name,
}).strict();
export const inviteQuery = z.object({
  /** The page the invitation link opens (the host page); must be on one of the company's sites. */
  parentUrl: z.string().max(2000).optional(),
}).strict();

export const uidParams = z.object({ Uid: z.string().min(1).max(64) });
export const updateInput = z.object({
  IsPrimary: z.literal(true).optional(),
  ReceiveInvoices: z.boolean().optional(),
}).strict().refine((v) => (v.IsPrimary === undefined) !== (v.ReceiveInvoices === undefined), 'Send either IsPrimary: true or ReceiveInvoices.');
export const resendOut = z.object({
  PersonAccount: memberOut,
  /** False when the last mail went out under a minute ago: nothing was sent again (a double click). */
  Sent: z.boolean(),
});
export const updateOut = z.object({
  PersonAccount: memberOut,
  /** True after a promotion: both people's sessions on this account ended; the widget logs out. */
  LoggedOut: z.boolean(),
});
