import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, listAnswer, listOf } from '../http/list.ts';
import { resendInvitation } from './operator-invitation.ts';
import { changeOperator, createOperator, operatorOut, type ManageOperatorsDeps } from './manage-operators.ts';
import { autoReplyFor, setAutoReply, type AutoReply } from '../support/auto-reply.ts';
import { autoReplySchema, operatorChangeInput, operatorCreateInput, operatorOutSchema, operatorParams } from './console.schemas.ts';

/** The admin's operator API (admin key): create (with an initial password or an invitation mail), invite again, list, change role, disable; the console's auto-reply. */
export async function operatorsAdminRoutes(app: FastifyInstance, deps: ManageOperatorsDeps & { autoReplyDefault: AutoReply }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'console'];
  r.post('/api/v1/admin/operators', {
    schema: {
      tags, summary: 'Creates a console operator: with Password (the password policy applies) or, without one, mailed an invitation whose link (72 hours, once) sets it; 409 when the email (any case) is taken',
      body: operatorCreateInput, response: { 201: operatorOutSchema },
    },
  }, async (req, reply) => {
    const o = await createOperator(deps, { email: req.body.Email, name: req.body.Name, role: req.body.Role, password: req.body.Password, ip: req.ip });
    return reply.status(201).send(operatorOut(o));
  });
  r.post('/api/v1/admin/operators/:uid/invitation', {
    schema: {
      tags, summary: 'Mails the operator a new invitation (a set-password link, 72 hours); the earlier link stops working. 409 once the operator has a password or is disabled',
      params: operatorParams, response: { 204: z.null().describe('Invitation enqueued') },
    },
  }, async (req, reply) => {
    await resendInvitation(deps, req.params.uid, req.ip);
    return reply.status(204).send(null);
  });
  r.get('/api/v1/admin/operators', {
    schema: { tags, summary: 'The operators, oldest first, paged', querystring: listQuery.omit({ fields: true }), response: { 200: listAnswer(operatorOutSchema) } },
  }, async (req) => listOf(await deps.uow.operators.list(req.query), req.query, operatorOut));
  r.patch('/api/v1/admin/operators/:uid', {
    schema: { tags, summary: 'Changes an operator\'s role or disables (or enables) them; either ends their sessions at once', params: operatorParams, body: operatorChangeInput, response: { 200: operatorOutSchema } },
  }, async (req) => operatorOut(await changeOperator(deps, req.params.uid, { role: req.body.Role, disabled: req.body.Disabled })));
  r.get('/api/v1/admin/console/auto-reply', {
    schema: { tags, summary: 'The auto-reply new chats and cases get while enabled', response: { 200: autoReplySchema } },
  }, async () => autoReplyFor(deps.uow, deps.autoReplyDefault));
  r.put('/api/v1/admin/console/auto-reply', {
    schema: { tags, summary: 'Sets the auto-reply (stored as a setting; the company config\'s support.autoReply is the value until then)', body: autoReplySchema, response: { 200: autoReplySchema } },
  }, async (req) => setAutoReply(deps.uow, req.body));
}
