import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Guard } from '../http/route-auth.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { preHandlerLimit, routeRateLimit } from '../http/rate-limits.ts';
import { INVOICES_RATE_LIMITS } from './invoices.rate-limits.ts';
import { accountNextPayment, invoiceDownloadLink, invoicePdf, listInvoices, type InvoicesDeps } from './invoices.ts';
import { downloadOut, invoicesOut, invoicesQuery, invoiceUidParams, nextPaymentOut, pdfQuery } from './invoices.schemas.ts';
import { z } from 'zod';

const tags = ['billing'];

/** The member's invoices, their download links and 'Next payment' (behind the access token). */
export async function accountInvoiceRoutes(app: FastifyInstance, deps: InvoicesDeps, guard: Guard) {
  guardRoutes(app, 'accessToken', guard);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/profile/account/invoices', {
    schema: { tags, summary: 'The signed-in account\'s invoices, newest first (InvoiceDate DESC), paged (the widget asks 3 at a time)', querystring: invoicesQuery, response: { 200: invoicesOut } },
  }, async (req) => listInvoices(deps, req.caller, { accountUid: req.query.accountUid, page: { limit: req.query.limit, offset: req.query.offset } }));

  r.post('/api/v1/profile/account/invoices/:Uid/download', {
    preHandler: [preHandlerLimit(app, INVOICES_RATE_LIMITS.invoiceDownloadLink)],
    schema: {
      tags, summary: 'A link to the invoice\'s PDF carrying a download token for that one invoice, valid a few minutes (never the session\'s token). 404 for another account\'s invoice',
      params: invoiceUidParams, response: { 200: downloadOut },
    },
  }, async (req) => invoiceDownloadLink(deps, req.caller, req.params.Uid));

  r.get('/api/v1/profile/account/next-payment', {
    schema: { tags, summary: '\'Next payment\': the renewal summary (Total, InvoiceDate) of the current subscription, or null when nothing more is charged', response: { 200: nextPaymentOut } },
  }, async (req) => accountNextPayment(deps, req.caller));
}

/** The PDF itself: public in form, the short-lived download token in the query is the credential. */
export async function invoicePdfRoutes(app: FastifyInstance, deps: InvoicesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/billing/invoices/:Uid/pdf', {
    config: {
      ...routeRateLimit(INVOICES_RATE_LIMITS.invoicePdf),
      apiDocs: { binaryAnswers: { 200: { description: 'The invoice as a PDF', contentTypes: ['application/pdf'] } } },
    },
    schema: {
      tags, summary: 'The invoice PDF. access_token is a download token from POST /profile/account/invoices/{Uid}/download; a session access token is refused (401)',
      params: invoiceUidParams, querystring: pdfQuery, response: { 200: z.any().describe('The invoice as a PDF (application/pdf)') },
    },
  }, async (req, reply) => {
    const { pdf, invoiceNumber } = await invoicePdf(deps, req.params.Uid, req.query.access_token);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${invoiceNumber}.pdf"`)
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer').header('content-length', pdf.length).send(pdf);
  });
}
