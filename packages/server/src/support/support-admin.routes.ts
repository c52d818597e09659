import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_ATTACHMENT_TYPES } from '@portico/core/support/support-limits';
import { isAttachmentComment } from '@portico/core/chat/chat-rules';
import { notFound } from '../http/app-error.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import { listAnswer, listOf } from '../http/list.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { SupportActivity, SupportAttachment, SupportCase } from './support.repository.ts';
import { attachmentParams, caseDetailOut, caseListQuery, caseParams, caseSummaryOut } from './support.schemas.ts';

const summary = (c: SupportCase) => ({
  Uid: c.uid, Number: c.number, Source: c.source, Status: c.status, PersonUid: c.personUid, Email: c.email, Subject: c.subject,
  Created: c.created.toISOString(), Updated: c.updated.toISOString(),
});
// An operator's chat message is rich text: sanitized again on the way out (sanitize-rich-text.ts "Read"); everything else is plain text.
const activity = (a: SupportActivity) => ({
  Uid: a.uid, Type: a.type, Body: a.authorKind === 'agent' && a.seq !== null && !isAttachmentComment(a.body) ? sanitizeRichText(a.body)! : a.body, Seq: a.seq, Author: { Kind: a.authorKind, Name: a.authorName, Email: a.authorEmail }, Created: a.created.toISOString(),
});
const attachment = (a: SupportAttachment) => ({ Uid: a.uid, Name: a.name, ContentType: a.contentType, Size: a.byteSize, ActivityUid: a.activityUid, Created: a.created.toISOString() });

/** RFC 6266 Content-Disposition with the stored name (ASCII fallback plus the UTF-8 form); the chat shows images inline. */
export function attachmentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The operator's read of support cases (admin key): list, one case with its activities and attachments, an attachment's bytes. */
export async function supportAdminRoutes(app: FastifyInstance, deps: { uow: UnitOfWork }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'support'];
  const security = [{ adminKey: [] }];

  r.get('/api/v1/admin/support/cases', {
    schema: {
      tags, security, summary: 'Support cases, newest first, paged (limit, offset); filter by email (case-insensitive) and status (open, closed)',
      querystring: caseListQuery, response: { 200: listAnswer(caseSummaryOut) },
    },
  }, async (req) => {
    const { email, status, limit, offset } = req.query;
    return listOf(await deps.uow.support.listCases({ email, status }, { limit, offset }), { limit, offset }, summary);
  });

  r.get('/api/v1/admin/support/cases/:uid', {
    schema: { tags, security, summary: 'One support case with its activities (oldest first) and attachments', params: caseParams, response: { 200: caseDetailOut } },
  }, async (req) => {
    const found = await deps.uow.support.getCase(req.params.uid);
    if (!found) throw notFound(`No support case with Uid '${req.params.uid}'.`);
    return { ...summary(found.case), Activities: found.activities.map(activity), Attachments: found.attachments.map(attachment) };
  });

  r.get('/api/v1/admin/support/cases/:uid/attachments/:attachmentUid/data', {
    config: { apiDocs: { binaryAnswers: { 200: { description: 'The attachment\'s bytes, typed from them at upload, as a download', contentTypes: SUPPORT_ATTACHMENT_TYPES } } } },
    schema: { tags, security, summary: 'Download one attachment of a case (always as a download, never rendered)', params: attachmentParams, response: { 200: z.any().describe('The attachment\'s bytes') } },
  }, async (req, reply) => {
    const data = await deps.uow.support.attachmentData(req.params.uid, req.params.attachmentUid);
    if (!data) throw notFound(`No attachment '${req.params.attachmentUid}' on support case '${req.params.uid}'.`);
    void reply.header('content-disposition', attachmentDisposition(data.name)).header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox").header('cache-control', 'private, no-store');
    return reply.type(data.contentType).header('content-length', data.byteSize).send(data.bytes);
  });
}
