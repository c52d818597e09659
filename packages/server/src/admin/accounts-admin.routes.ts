import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { notFound } from '../http/app-error.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { accountOut, importAccountInput } from '../accounts/accounts.schemas.ts';
import { getAccount } from '../accounts/get-account.ts';
import { importAccount } from '../accounts/import-account.ts';

/** Admin: move existing customers in (account, primary person, the subscription they have), and read an account. */
export async function accountsAdminRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminKey: [] }];

  r.post('/api/v1/admin/accounts/import', {
    schema: {
      tags, security, summary: 'Import an account with its primary person and subscription (StartDate may be past); 409 Errors.Duplicate for a known email',
      body: importAccountInput, response: { 201: accountOut },
    },
  }, async (req, reply) => reply.status(201).send(await importAccount(deps, req.caller, req.body)));

  r.get('/api/v1/admin/accounts/:uid', {
    schema: { tags, security, summary: 'An account with CurrentSubscription and LatestSubscription expanded', params: z.object({ uid: uidSchema }), response: { 200: accountOut } },
  }, async (req) => {
    const account = await getAccount(deps, req.caller, req.params.uid);
    if (!account) throw notFound(`No account with Uid '${req.params.uid}'.`);
    return account;
  });
}

