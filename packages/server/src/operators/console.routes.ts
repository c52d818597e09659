import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { SUPPORT_ATTACHMENT_TYPES } from '@portico/core/support/support-limits';
import { AppError, notFound } from '../http/app-error.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { listAnswer } from '../http/list.ts';
import type { InvoiceDownloadTokens } from '../invoices/invoice-download-token.ts';
import { activity, attachment, attachmentDisposition, summary } from '../support/support-admin.routes.ts';
import { attachmentParams } from '../support/support.schemas.ts';
import { autoReplyFor, setAutoReply, type AutoReply } from '../support/auto-reply.ts';
import { assignToMe, consoleCase, inboxPreview, markCaseRead, replyToCase, setCaseStatus, type ConsoleCasesDeps } from './console-cases.ts';
import type { OperatorPresence } from './operator-presence.ts';
import {
  autoReplySchema, caseUidParams, consoleCaseOut, consoleSessionOut, consoleTokenOut, customerOut, inboxItemOut, inboxQuery, presenceInput, presenceOut, replyInput, replyOut,
} from './console.schemas.ts';
import { operatorOf } from './operator-guard.ts';
import { operatorLogout, reissueOperatorToken, type OperatorSignInDeps } from './operator-sign-in.ts';

const tags = ['console'];
const INVOICES_SHOWN = 5;

export interface ConsoleRoutesDeps extends ConsoleCasesDeps, OperatorSignInDeps {
  guard: Guard;
  presence: OperatorPresence;
  downloads: InvoiceDownloadTokens;
  /** The company config's support.autoReply: the auto-reply until one is stored. */
  autoReplyDefault: AutoReply;
}

/** Behind operatorGuard: tokens (reissue, logout), inbox, cases, customer, presence. The public sign-in is operator-account.routes.ts. */
export async function consoleRoutes(app: FastifyInstance, deps: ConsoleRoutesDeps) {
  await app.register(async (scope) => {
    guardRoutes(scope, 'operatorToken', deps.guard);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/api/v1/console/tokens/reissue', { schema: { tags, summary: 'A new console token for the same live session', response: { 200: consoleTokenOut } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const me = operatorOf(req);
      return reissueOperatorToken(deps, { operatorUid: me.operatorUid, sessionUid: me.sessionUid });
    });
    r.post('/api/v1/console/tokens/logout', { schema: { tags, summary: 'Ends the console session: its tokens are refused from now on', response: { 204: z.null().describe('Signed out') } } }, async (req, reply) => {
      const me = operatorOf(req);
      await operatorLogout(deps, { operatorUid: me.operatorUid, sessionUid: me.sessionUid, ip: req.ip });
      return reply.status(204).send(null);
    });
    r.get('/api/v1/console/session', { schema: { tags, summary: 'Who the console token signs in', response: { 200: consoleSessionOut } } }, async (req) => {
      const me = operatorOf(req);
      return { OperatorUid: me.operatorUid, Name: me.name, Initials: me.initials, Role: me.role, SessionUid: me.sessionUid };
    });

    r.get('/api/v1/console/cases', {
      schema: {
        tags, summary: 'The inbox: chats and support cases, most recently updated first, paged; filter by status, assignment (me, unassigned, all) and email (its beginning, case-insensitive). Unread: person activity after this operator last read the case',
        querystring: inboxQuery, response: { 200: listAnswer(inboxItemOut) },
      },
    }, async (req) => {
      const me = operatorOf(req);
      const { limit, offset, status, assigned, email } = req.query;
      const page = await deps.uow.consoleCases.inbox({ operatorUid: me.operatorUid, status, assigned, email }, { limit, offset });
      return {
        metadata: { limit, offset, total: page.total },
        items: page.items.map((row) => ({ ...summary(row.case), Unread: row.unread, Assignee: row.assignee ? { OperatorUid: row.assignee, Name: row.assigneeName ?? '' } : null, LastMessage: inboxPreview(row.last) })),
      };
    });
    r.get('/api/v1/console/cases/:uid', {
      schema: { tags, summary: 'One case with its activities (oldest first), attachments and assignee', params: caseUidParams, response: { 200: consoleCaseOut } },
    }, async (req) => {
      const found = await consoleCase(deps, req.params.uid);
      return {
        ...summary(found.case), Activities: found.activities.map(activity), Attachments: found.attachments.map(attachment),
        Assignee: found.assignee ? { OperatorUid: found.assignee.operatorUid, Name: found.assignee.name } : null,
      };
    });
    r.post('/api/v1/console/cases/:uid/replies', {
      schema: { tags, summary: 'An agent reply (AgentReply): mailed to the customer for Website and Email cases (Reply-To carries the case\'s token); a Chat case\'s goes through the live chat (409 until it is wired)', params: caseUidParams, body: replyInput, response: { 201: replyOut } },
    }, async (req, reply) => reply.status(201).send(await replyToCase(deps, operatorOf(req), req.params.uid, req.body.Comment)));
    for (const [action, status] of [['close', 'closed'], ['reopen', 'open']] as const) {
      r.post(`/api/v1/console/cases/:uid/${action}`, {
        schema: { tags, summary: `${action === 'close' ? 'Closes' : 'Reopens'} the case (activity ${action === 'close' ? 'Closed' : 'Reopened'}); 409 when it already is`, params: caseUidParams, response: { 204: z.null().describe('Done') } },
      }, async (req, reply) => {
        await setCaseStatus(deps, operatorOf(req), req.params.uid, status);
        return reply.status(204).send(null);
      });
    }
    r.post('/api/v1/console/cases/:uid/assign', {
      schema: { tags, summary: 'Assigns the case to the signed-in operator (activity Assigned)', params: caseUidParams, response: { 204: z.null().describe('Assigned') } },
    }, async (req, reply) => {
      await assignToMe(deps, operatorOf(req), req.params.uid);
      return reply.status(204).send(null);
    });
    r.post('/api/v1/console/cases/:uid/read', {
      schema: { tags, summary: 'Marks the case read for the signed-in operator (its unread marker clears until the person writes again)', params: caseUidParams, response: { 204: z.null().describe('Marked read') } },
    }, async (req, reply) => {
      await markCaseRead(deps, operatorOf(req), req.params.uid);
      return reply.status(204).send(null);
    });
    r.get('/api/v1/console/cases/:uid/customer', {
      schema: { tags, summary: 'The customer as Portico knows them: person, accounts with plan and status, last invoices with PDF links, past cases', params: caseUidParams, response: { 200: customerOut } },
    }, async (req) => {
      const found = await deps.uow.support.getCase(req.params.uid);
      if (!found) throw notFound(`No support case with Uid '${req.params.uid}'.`);
      const now = deps.clock.now();
      const c = await deps.uow.consoleCases.customer(found.case, now, INVOICES_SHOWN);
      const accounts = await Promise.all(c.accounts.map(async (a) => ({
        Uid: a.account.uid, Name: a.account.name, IsPrimary: a.isPrimary,
        Subscription: a.subscription ? {
          Uid: a.subscription.sub.uid, PlanUid: a.subscription.sub.planUid, PlanName: a.subscription.planName,
          Status: a.subscription.sub.startDate > now ? 'scheduled' as const : a.subscription.sub.endDate && a.subscription.sub.endDate <= now ? 'ended' as const : 'active' as const,
          StartDate: a.subscription.sub.startDate.toISOString(), EndDate: a.subscription.sub.endDate?.toISOString() ?? null,
        } : null,
        Invoices: await Promise.all(a.invoices.map(async (i) => ({
          Uid: i.uid, Number: i.invoiceNumber, Date: i.invoiceDate.toISOString(), Status: i.status, Total: { Amount: i.total, Currency: i.currency },
          PdfUrl: `/api/v1/billing/invoices/${encodeURIComponent(i.uid)}/pdf?access_token=${encodeURIComponent((await deps.downloads.issue(i.uid, i.accountUid)).token)}`,
        }))),
      })));
      return {
        Person: c.person ? { Uid: c.person.uid, Email: c.person.email, FirstName: c.person.firstName, LastName: c.person.lastName } : null,
        Accounts: accounts, PastCases: c.pastCases.map(summary),
      };
    });
    r.get('/api/v1/console/cases/:uid/attachments/:attachmentUid/data', {
      config: { apiDocs: { binaryAnswers: { 200: { description: 'The attachment\'s bytes, typed from them at upload, as a download', contentTypes: SUPPORT_ATTACHMENT_TYPES } } } },
      schema: { tags, summary: 'Download one attachment of a case (always as a download, never rendered; the admin API\'s answer)', params: attachmentParams, response: { 200: z.any().describe('The attachment\'s bytes') } },
    }, async (req, reply) => {
      const data = await deps.uow.support.attachmentData(req.params.uid, req.params.attachmentUid);
      if (!data) throw notFound(`No attachment '${req.params.attachmentUid}' on support case '${req.params.uid}'.`);
      void reply.header('content-disposition', attachmentDisposition(data.name)).header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox").header('cache-control', 'private, no-store');
      return reply.type(data.contentType).header('content-length', data.byteSize).send(data.bytes);
    });
    // The auto-reply from the console, for operators of role admin (an agent gets 403): the admin API's setting, the same store.
    const adminOnly = (req: Parameters<typeof operatorOf>[0]) => {
      if (operatorOf(req).role !== 'admin') throw new AppError(ErrorCode.Forbidden, 'Only an operator of role admin changes the auto-reply.');
    };
    r.get('/api/v1/console/auto-reply', {
      schema: { tags, summary: 'The auto-reply (operators of role admin; 403 for an agent)', response: { 200: autoReplySchema } },
    }, async (req) => {
      adminOnly(req);
      return autoReplyFor(deps.uow, deps.autoReplyDefault);
    });
    r.put('/api/v1/console/auto-reply', {
      schema: { tags, summary: 'Sets the auto-reply (operators of role admin; 403 for an agent)', body: autoReplySchema, response: { 200: autoReplySchema } },
    }, async (req) => {
      adminOnly(req);
      return setAutoReply(deps.uow, req.body);
    });
    r.put('/api/v1/console/presence', {
      schema: { tags, summary: 'Presence heartbeat: the operator is online while heartbeats arrive (send Online true every 30 s; false goes offline at once)', body: presenceInput, response: { 200: presenceOut } },
    }, async (req) => deps.presence.beat(operatorOf(req).operatorUid, req.body.Online));
  });
}
