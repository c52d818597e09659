import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { AppError, fieldError, notFound } from '../http/app-error.ts';
import type { Db } from '../db/database.ts';
import { accountSupportRepository } from './account-support.repository.ts';

const ACCOUNT_STAGES = ['Subscribing', 'PastDue', 'Cancelling', 'CancellingTrial'] as const;

/**
 * Admin support tools on one account (admin key): set its stage (an operator marks an account
 * past due while the collection runs outside Portico), and add an existing person as a member
 * (the person then picks the account at sign-in). Post-login routing reads both.
 */
export async function accountSupportAdminRoutes(app: FastifyInstance, deps: { db: Db }) {
  const repo = accountSupportRepository(deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminKey: [] }];
  const params = z.object({ uid: uidSchema });

  r.put('/api/v1/admin/accounts/:uid/stage', {
    schema: {
      tags, security, summary: 'Set the account\'s AccountStage (null clears it)', params,
      body: z.object({ AccountStage: z.enum(ACCOUNT_STAGES).nullable() }).strict(),
      response: { 200: z.object({ Uid: z.string(), AccountStage: z.string().nullable() }) },
    },
  }, async (req) => {
    if (!await repo.setStage(req.params.uid, req.body.AccountStage)) throw notFound(`No account with Uid '${req.params.uid}'.`);
    return { Uid: req.params.uid, AccountStage: req.body.AccountStage };
  });

  r.post('/api/v1/admin/accounts/:uid/members', {
    schema: {
      tags, security, summary: 'Add an existing person (by email) to the account as a member; 404 for an unknown account or email',
      params, body: z.object({ Email: z.string().trim().min(3).max(320) }).strict(),
      response: { 201: z.object({ AccountUid: z.string(), PersonUid: z.string(), IsPrimary: z.literal(false) }) },
    },
  }, async (req, reply) => {
    if (!await repo.accountExists(req.params.uid)) throw notFound(`No account with Uid '${req.params.uid}'.`);
    const personUid = await repo.personUidByEmail(req.body.Email);
    if (!personUid) throw new AppError(ErrorCode.NotFound, 'No person with this email.', [fieldError('Email', ErrorCode.NotFound, 'No person with this email.')]);
    if (!await repo.addMember(req.params.uid, personUid)) throw new AppError(ErrorCode.Conflict, 'The person is already in this account.');
    return reply.status(201).send({ AccountUid: req.params.uid, PersonUid: personUid, IsPrimary: false as const });
  });
}
