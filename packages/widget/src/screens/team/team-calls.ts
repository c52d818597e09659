import { TEAM_PAGE_SIZE } from '@portico/core/team/team-rules';
import type { ApiClient } from '../../api/http.ts';
import type { ResponseBody, Operation } from '../../api/api-types.ts';

/** The team page's order (spec 2 sections 7 and 9). */
export const TEAM_ORDER = 'IsPrimary DESC, ReceiveInvoices DESC, LastName, FirstName, Email';
/** Every cached team read starts with this; a change invalidates them all. */
export const TEAM_QUERY_PREFIX = 'team:';

export type TeamPage = ResponseBody<Operation<'get', '/api/v1/profile/account/people'>>;
export type TeamMember = TeamPage['items'][number];

/** Per account (the token's), so signing in to another account never shows the last one's team. */
export const teamQueryKey = (accountUid: string | null, offset: number) => `${TEAM_QUERY_PREFIX}${accountUid ?? '-'}:${offset}`;

/** People who have joined, 25 a page (pending invitations are listed apart). */
export function fetchTeamPage(api: ApiClient, offset: number): Promise<TeamPage> {
  return api.request('get', '/api/v1/profile/account/people', { query: { limit: TEAM_PAGE_SIZE, offset, orderBy: TEAM_ORDER, Pending: 'false' } });
}

/** The pending invitations, 25 a page in the team's order (a plan without seats may have many). */
export const pendingQueryKey = (accountUid: string | null, offset: number) => `${TEAM_QUERY_PREFIX}${accountUid ?? '-'}:pending:${offset}`;
export function fetchPendingInvitations(api: ApiClient, offset: number): Promise<TeamPage> {
  return api.request('get', '/api/v1/profile/account/people', { query: { limit: TEAM_PAGE_SIZE, offset, orderBy: TEAM_ORDER, Pending: 'true' } });
}

/** Mails a pending invitation again; `Sent: false` when the last mail went out under a minute ago. */
export function resendInvitation(api: ApiClient, uid: string): Promise<{ PersonAccount: TeamMember; Sent: boolean }> {
  return api.request('post', '/api/v1/profile/account/people/{Uid}/invitation', { path: { Uid: uid }, query: { parentUrl: invitePage(window.location.href) } });
}

/** Withdraws a pending invitation (its seat is free again, its link stops working). */
export async function revokeInvitation(api: ApiClient, uid: string): Promise<void> {
  await api.request('delete', '/api/v1/profile/account/people/{Uid}/invitation', { path: { Uid: uid } });
}

/** The page the widget is on, without link tokens or a fragment: where the invitation link leads (the server checks its origin). */
export function invitePage(href: string): string {
  const url = new URL(href);
  for (const k of ['resetToken', 'confirmationToken', 'token']) url.searchParams.delete(k);
  url.hash = '';
  return url.toString();
}

export interface InviteBody { Email: string; FirstName?: string; LastName?: string }

/** POST /profile/account/people; the Idempotency-Key makes a double click one invitation. */
export function inviteMember(api: ApiClient, body: InviteBody, key: string): Promise<TeamMember> {
  return api.request('post', '/api/v1/profile/account/people', { body, query: { parentUrl: invitePage(window.location.href) }, headers: { 'Idempotency-Key': key } });
}

export function promoteMember(api: ApiClient, uid: string): Promise<{ LoggedOut: boolean }> {
  return api.request('put', '/api/v1/profile/account/people/{Uid}', { path: { Uid: uid }, body: { IsPrimary: true } });
}

export async function removeMember(api: ApiClient, uid: string): Promise<void> {
  await api.request('delete', '/api/v1/profile/account/people/{Uid}', { path: { Uid: uid } });
}
