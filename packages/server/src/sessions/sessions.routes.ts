import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { endAllSessionsOfPerson, endOtherSessions, endSession } from './end-sessions.ts';
import { listSessions } from './list-sessions.ts';
import { endedOut, sessionParams, sessionsOut, sessionsQuery } from './sessions.schemas.ts';
import type { SessionsDeps } from './sessions-deps.ts';

const tags = ['profile'];

/** The signed-in person's sessions: see them, end one, end all but this one. Put behind the access-token guard. */
export async function sessionsRoutes(app: FastifyInstance, deps: SessionsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/profile/sessions', {
    schema: {
      tags, summary: 'The signed-in person\'s live sessions, the current one first, then the most recently active: device, browser and OS from the User-Agent, address, place (with auth.geoIpDatabase), Created, LastSeen, IsCurrent',
      querystring: sessionsQuery, response: { 200: sessionsOut },
    },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listSessions(deps, req.caller, req.query);
  });

  r.delete('/api/v1/profile/sessions/:Uid', {
    schema: {
      tags, summary: 'End one of the person\'s sessions: its tokens are refused at once (the current one: a logout). 404 for an unknown, ended or another person\'s session',
      params: sessionParams, response: { 204: z.null().describe('Session ended') },
    },
  }, async (req, reply) => {
    await endSession(deps, req.caller, req.params.Uid);
    return reply.status(204).send(null);
  });

  r.delete('/api/v1/profile/sessions', {
    schema: { tags, summary: 'End every session of the person but the current one', response: { 200: endedOut } },
  }, async (req) => ({ Ended: await endOtherSessions(deps, req.caller) }));
}

/** Admin key: end every session of a person (a lost device, a support request). */
export async function sessionsAdminRoutes(app: FastifyInstance, deps: Pick<SessionsDeps, 'uow' | 'clock'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete('/api/v1/admin/people/:uid/sessions', {
    schema: {
      tags: ['admin'], security: [{ adminKey: [] }], summary: 'End every session of the person: all their tokens are refused at once; 404 for an unknown person',
      params: z.object({ uid: uidSchema }), response: { 200: endedOut },
    },
  }, async (req) => ({ Ended: await endAllSessionsOfPerson(deps, req.params.uid, req.ip) }));
}
