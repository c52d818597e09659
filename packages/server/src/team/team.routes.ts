import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth/register-auth.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { preHandlerLimit } from '../http/rate-limits.ts';
import { TEAM_RATE_LIMITS } from './team.rate-limits.ts';
import { changeTeamMember, removeTeamMember } from './change-team-member.ts';
import { inviteTeamMember } from './invite-team-member.ts';
import { listTeam } from './list-team.ts';
import { resendInvitation } from './resend-invitation.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import type { TeamDeps } from './team-deps.ts';
import {
  inviteInput, inviteQuery, memberOut, parseTeamOrder, resendOut, teamOut, teamQuery, uidParams, updateInput, updateOut,
} from './team.schemas.ts';

const tags = ['team'];
const PATH = '/api/v1/profile/account/people';

/**
 * The account's team behind the access token (docs/team.md): any member reads it; only the
 * primary contact invites, promotes, marks invoice recipients and removes.
 */
export async function teamRoutes(app: FastifyInstance, deps: TeamDeps & { guard: AuthServices['guard'] }) {
  guardRoutes(app, 'accessToken', deps.guard);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(PATH, {
    schema: {
      tags, summary: 'The signed-in account\'s people, paged and ordered by the database, with the seat state (Seats.CanInvite)',
      querystring: teamQuery, response: { 200: teamOut },
    },
  }, async (req) => listTeam(deps, req.caller, {
    accountUid: req.query.accountUid,
    filter: { isPrimary: req.query.IsPrimary, receiveInvoices: req.query.ReceiveInvoices, pending: req.query.Pending },
    sort: parseTeamOrder(req.query.orderBy)!,
    page: { limit: req.query.limit, offset: req.query.offset },
  }));

  r.post(PATH, {
    // Counted after the guard, so the account key is the signed-in account.
    preHandler: [preHandlerLimit(app, TEAM_RATE_LIMITS.invitePerAccount), preHandlerLimit(app, TEAM_RATE_LIMITS.invitePerAddress)],
    schema: {
      tags, summary: 'Invite a person (primary contact only): added to the account and sent a single-use link to set a password and join. 409 Errors.TeamSeatsExhausted / Errors.TeamMaximumPeopleReached / Errors.Duplicate',
      querystring: inviteQuery, headers: idempotencyHeaders, body: inviteInput, response: { 201: memberOut },
    },
  }, async (req, reply) => {
    const answer = await inviteTeamMember(deps, req.caller, {
      email: req.body.Email, firstName: req.body.FirstName, lastName: req.body.LastName,
      parentUrl: req.query.parentUrl, idempotencyKey: req.headers['idempotency-key'] as string | undefined, ip: req.ip,
    });
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(answer.body);
  });

  r.put(`${PATH}/:Uid`, {
    schema: {
      tags, summary: 'Promote a member to primary contact (both people\'s sessions on the account end: LoggedOut) or set ReceiveInvoices (primary contact only)',
      params: uidParams, body: updateInput, response: { 200: updateOut },
    },
  }, async (req) => changeTeamMember(deps, req.caller, req.params.Uid, req.body, req.ip));

  r.delete(`${PATH}/:Uid`, {
    schema: { tags, summary: 'Remove a member from the account (primary contact only); their sessions on it end at once', params: uidParams, response: { 204: z.null().describe('Removed') } },
  }, async (req, reply) => {
    await removeTeamMember(deps, req.caller, req.params.Uid, req.ip);
    return reply.status(204).send(null);
  });

  r.post(`${PATH}/:Uid/invitation`, {
    preHandler: [preHandlerLimit(app, TEAM_RATE_LIMITS.resendPerAccount)],
    schema: {
      tags, summary: 'Mail a pending invitation again (primary contact only); the new link replaces the old. Within a minute of the last mail nothing is sent again (Sent: false). 409 Errors.Conflict once the person has joined',
      params: uidParams, querystring: inviteQuery, response: { 200: resendOut },
    },
  }, async (req) => resendInvitation(deps, req.caller, req.params.Uid, { parentUrl: req.query.parentUrl, ip: req.ip }));

  r.delete(`${PATH}/:Uid/invitation`, {
    schema: {
      tags, summary: 'Withdraw a pending invitation (primary contact only): the membership and its seat go, the mailed link stops working. 409 Errors.Conflict once the person has joined (remove them instead)',
      params: uidParams, response: { 204: z.null().describe('Withdrawn') },
    },
  }, async (req, reply) => {
    await revokeInvitation(deps, req.caller, req.params.Uid, req.ip);
    return reply.status(204).send(null);
  });
}
