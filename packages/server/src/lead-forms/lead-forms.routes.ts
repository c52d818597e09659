import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { getLeadForm } from './get-lead-form.ts';
import { LEAD_FORMS_RATE_LIMITS } from './lead-forms.rate-limits.ts';
import { leadFormParams, leadSubmissionInput, leadSubmissionOut, publicLeadFormOut } from './lead-forms.schemas.ts';
import { submitLeadForm, type SubmitLeadDeps } from './submit-lead-form.ts';

/**
 * The visitor's two calls (spec 2 section 7 "Lead form: get form config by uid; add a submission; paths
 * not shown"; the paths are ours, docs/lead-forms.md). Public: no credential, each rate limited by address.
 */
export async function leadFormsPublicRoutes(app: FastifyInstance, deps: SubmitLeadDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lead-forms'];

  r.get('/api/v1/public/lead-forms/:uid', {
    config: routeRateLimit(LEAD_FORMS_RATE_LIMITS.leadFormRead),
    schema: { tags, summary: 'A lead form as the widget renders it: title, fields with their definitions, captcha, what follows a submission', params: leadFormParams, response: { 200: publicLeadFormOut } },
  }, async (req) => getLeadForm(deps.uow, req.params.uid));

  r.post('/api/v1/public/lead-forms/:uid/submissions', {
    config: routeRateLimit(LEAD_FORMS_RATE_LIMITS.leadFormSubmit),
    schema: {
      tags, summary: 'Submit a lead form: creates the person, or fills only the empty properties of a known one; honours Idempotency-Key (an identical submission from one address counts once)',
      params: leadFormParams, headers: idempotencyHeaders, body: leadSubmissionInput, response: { 201: leadSubmissionOut },
    },
  }, async (req, reply) => {
    const answer = await submitLeadForm(deps, req.caller, {
      formUid: req.params.uid, body: req.body, referer: req.headers.referer, idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(answer.body);
  });
}
