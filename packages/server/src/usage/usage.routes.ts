import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import { fieldError, notFound, validationError } from '../http/app-error.ts';
import { reportUsage, type UsageDeps } from './report-usage.ts';
import type { StoredUsageReport } from './usage.repository.ts';
import { reportUsageBody, usageAnswer, usageParams, usageQuery, usageReportOut } from './usage.schemas.ts';

const toWire = (r: StoredUsageReport) => ({
  Uid: r.uid, AccountUid: r.accountUid, AddOnUid: r.addOnUid, Quantity: r.quantity,
  UsedAt: r.usedAt.toISOString(), ReportKey: r.reportKey, Created: r.created.toISOString(),
});

/** Usage of usage-priced add-ons, reported by the company's backend and read back (admin key; docs/billing.md "Usage add-ons at renewal"). */
export async function usageRoutes(app: FastifyInstance, deps: UsageDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminKey: [] }];

  r.post('/api/v1/admin/accounts/:uid/usage', {
    schema: {
      tags, security, params: usageParams, body: reportUsageBody,
      summary: 'Report usage of a usage-priced add-on on the account\'s current subscription (the same ReportKey counts once: 201 new, 200 the first report)',
      response: { 201: usageReportOut, 200: usageReportOut },
    },
  }, async (req, reply) => {
    const { created, report } = await reportUsage(deps, req.params.uid, req.body);
    return reply.status(created ? 201 : 200).send(toWire(report));
  });

  r.get('/api/v1/admin/accounts/:uid/usage', {
    schema: {
      tags, security, params: usageParams, querystring: usageQuery,
      summary: 'The account\'s usage reports used in [From, To), with the total per add-on',
      response: { 200: usageAnswer },
    },
  }, async (req) => {
    const { uid } = req.params;
    const from = new Date(req.query.From);
    const to = new Date(req.query.To);
    if (!(to.getTime() > from.getTime())) throw validationError([fieldError('To', ErrorCode.DateOutOfRange, 'To must be after From.')], ErrorCode.DateOutOfRange);
    const page = { limit: req.query.limit, offset: req.query.offset };
    const [account, reports, totals] = await deps.uow.transaction(async (repos) => [
      await repos.accounts.get(uid),
      await repos.usage.page(uid, from, to, page),
      await repos.usage.totalsForPeriod(uid, from, to),
    ] as const);
    if (!account) throw notFound(`No account with Uid '${uid}'.`);
    return {
      AccountUid: uid, From: from.toISOString(), To: to.toISOString(),
      Totals: [...totals].map(([AddOnUid, Quantity]) => ({ AddOnUid, Quantity })).sort((a, b) => a.AddOnUid.localeCompare(b.AddOnUid)),
      metadata: { limit: page.limit, offset: page.offset, total: reports.total },
      items: reports.items.map(toWire),
    };
  });
}
