/**
 * The team rules of spec 2 (section 2 'Team', section 5 'Invite', section 9): one function each,
 * called by the server before it writes an invitation and by the widget to offer the button.
 */

/** Team page size (spec 2 section 9). */
export const TEAM_PAGE_SIZE = 25;
/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;
/** A resend within this long of the last invitation mail sends nothing more (a double click is one mail). */
export const RESEND_COOLDOWN_MS = 60_000;

export interface SeatState {
  /** Plan.IsPerUser: the subscription's Quantity counts seats. */
  isPerUser: boolean;
  /** Subscription.Quantity (seats bought); ignored unless per-user. */
  quantity: number;
  /** Plan.MaximumPeople; null or 0 when the plan sets no maximum. */
  maximumPeople: number | null;
  /** People on the account now, the primary contact included. */
  members: number;
}

export type InviteRefusal = 'seats' | 'maximumPeople';

/**
 * Why one more person may not join, or null when they may: for per-user plans the seat quantity
 * must exceed the current members, and the plan's maximum people (when set) must exceed them.
 */
export function inviteRefusal(s: SeatState): InviteRefusal | null {
  if (s.isPerUser && !(s.quantity > s.members)) return 'seats';
  if (s.maximumPeople && !(s.maximumPeople > s.members)) return 'maximumPeople';
  return null;
}

export const canInvite = (s: SeatState): boolean => inviteRefusal(s) === null;

/**
 * The page links the team list shows (spec 2 section 9): up to 5 pages around the current one
 * (current-2 .. current+2, shifted to stay inside 1..last), none when everything fits on one page.
 * Pages are 1-based; `offset` is the row offset of the current page.
 */
export function pageLinks(p: { total: number; limit: number; offset: number }): number[] {
  if (p.limit <= 0 || p.total <= p.limit) return [];
  const last = Math.ceil(p.total / p.limit);
  const current = Math.min(last, Math.floor(p.offset / p.limit) + 1);
  let from = Math.max(1, current - 2);
  const to = Math.min(last, from + 4);
  from = Math.max(1, to - 4);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
