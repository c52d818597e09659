import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATOR_PRESENCE_TTL_MS } from '@portico/core/operators/operator-rules';
import { adminPresenceInput, presenceOut } from './console.schemas.ts';
import type { OperatorPresence } from './operator-presence.ts';

/**
 * The admin API's door to operator presence (admin key): for an integration that answers chats through
 * the admin API (docs/chat.md "Operator API") instead of the console. The same store and the same beat as
 * the console's heartbeat (operator-presence.ts); the operator is named by email and must exist.
 */
export async function presenceAdminRoutes(app: FastifyInstance, presence: OperatorPresence) {
  app.withTypeProvider<ZodTypeProvider>().put('/api/v1/admin/chat/presence', {
    schema: {
      tags: ['admin', 'chat'],
      summary: `An operator (by email) online for ${OPERATOR_PRESENCE_TTL_MS / 1000} s (send it again as a heartbeat) or offline at once, as the console's heartbeat does. 404 for an unknown operator, 409 for a disabled one. AnyOperatorOnline decides whether visitors see the live chat; they get presence when it changes`,
      body: adminPresenceInput, response: { 200: presenceOut },
    },
  }, async (req) => presence.beatByEmail(req.body.Operator, req.body.Online));
}
