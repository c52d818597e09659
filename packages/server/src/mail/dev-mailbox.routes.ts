import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * GET /dev/mailbox: the mail this development server "sent", newest first, as a page a developer
 * opens to follow a confirmation link. Registered only in development without SMTP_URL.
 * Messages are shown as text (their HTML is never rendered here).
 */
export async function devMailboxRoutes(app: FastifyInstance, mailer: Mailer) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const items = mailer.sent().map((m) => `<article><h2>${escapeHtml(m.subject)}</h2>`
      + `<p><b>To</b> ${escapeHtml(m.to)} · <b>From</b> ${escapeHtml(m.from)} · ${m.sent.toISOString()}</p>`
      + `<pre>${escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>`
      + (m.attachments?.length
        ? `<p><b>Attachments</b> ${m.attachments.map((a, n) => `<a href="/dev/mailbox/${m.id}/attachments/${n}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${a.content.length.toLocaleString('en-US')} bytes)`).join(', ')}</p>`
        : '')
      + '</article>');
    const body = items.length ? items.join('<hr>') : '<p>No mail yet.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1>${body}</body></html>`);
  });
  // A message's attachment as it was sent (a receipt's invoice PDF), so a developer can open it.
  app.get<{ Params: { id: string; n: string } }>('/dev/mailbox/:id/attachments/:n', { schema: { hide: true } }, async (req, reply) => {
    const mail = mailer.sent().find((m) => String(m.id) === req.params.id);
    const file = mail?.attachments?.[Number(req.params.n)];
    if (!file) throw new AppError(ErrorCode.NotFound, 'No such attachment (the mailbox keeps the latest messages only).');
    return reply.type(file.contentType).header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`).send(file.content);
  });
}
