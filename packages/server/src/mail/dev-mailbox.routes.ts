import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';
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
      + `<pre>${escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`);
    const body = items.length ? items.join('<hr>') : '<p>No mail yet.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1>${body}</body></html>`);
  });
}
