import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { listAnswer, listOf, listQuery } from '../http/list.ts';
import { newUid } from '../ids/new-uid.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { checkLeadForm } from './check-lead-form.ts';
import type { StoredLeadForm } from './lead-forms.repository.ts';
import { adminLeadFormOut, adminSubmissionOut, leadFormInput, leadFormParams, type LeadFormInput } from './lead-forms.schemas.ts';

interface Deps { uow: UnitOfWork; now: () => Date }

const toWire = (f: StoredLeadForm) => ({ ...f, Created: f.Created.toISOString(), Updated: f.Updated.toISOString() });
const notFound = (uid: string) => new AppError(ErrorCode.LeadFormNotFound, `No lead form with Uid '${uid}'.`);

/**
 * The operator's lead forms (docs/lead-forms.md "Admin API"), behind the admin key: create, read, list,
 * replace, delete, and a form's submissions. A form is checked as a whole on every write (its fields
 * against the Person field definitions, its email list against the lists), like the company config.
 */
export async function leadFormsAdminRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin/lead-forms';
  const tags = ['admin'];
  const security = [{ adminKey: [] }];
  const check = async (input: LeadFormInput) => {
    const [definitions, lists] = await Promise.all([deps.uow.fields.definitions('Person'), deps.uow.emailLists.list()]);
    checkLeadForm(input, definitions, new Set(lists.map((l) => l.Uid)));
  };
  const body = (input: LeadFormInput): Omit<LeadFormInput, 'Uid'> => {
    const { Uid: _uid, ...rest } = input;
    return rest;
  };

  r.get(base, { schema: { tags, summary: 'List lead forms', security, querystring: listQuery, response: { 200: listAnswer(adminLeadFormOut) } } },
    async (req) => listOf(await deps.uow.leadForms.list(req.query), req.query, toWire));

  r.get(`${base}/:uid`, { schema: { tags, summary: 'Get a lead form', security, params: leadFormParams, response: { 200: adminLeadFormOut } } }, async (req) => {
    const form = await deps.uow.leadForms.get(req.params.uid);
    if (!form) throw notFound(req.params.uid);
    return toWire(form);
  });

  r.post(base, { schema: { tags, summary: 'Create a lead form (Uid optional)', security, body: leadFormInput, response: { 201: adminLeadFormOut } } }, async (req, reply) => {
    await check(req.body);
    const uid = req.body.Uid ?? newUid();
    if (!(await deps.uow.leadForms.insert(uid, body(req.body), deps.now()))) throw new AppError(ErrorCode.Duplicate, `A lead form with Uid '${uid}' exists.`);
    return reply.status(201).send(toWire((await deps.uow.leadForms.get(uid))!));
  });

  r.put(`${base}/:uid`, { schema: { tags, summary: 'Replace a lead form (the whole form is sent and checked)', security, params: leadFormParams, body: leadFormInput, response: { 200: adminLeadFormOut } } }, async (req) => {
    if (req.body.Uid !== undefined && req.body.Uid !== req.params.uid) throw new AppError(ErrorCode.InvalidValue, 'The body\'s Uid differs from the path\'s.');
    await check(req.body);
    if (!(await deps.uow.leadForms.replace(req.params.uid, body(req.body), deps.now()))) throw notFound(req.params.uid);
    return toWire((await deps.uow.leadForms.get(req.params.uid))!);
  });

  r.delete(`${base}/:uid`, { schema: { tags, summary: 'Delete a lead form and its submissions (the people stay)', security, params: leadFormParams, response: { 204: z.null().describe('Deleted') } } }, async (req, reply) => {
    if (!(await deps.uow.leadForms.delete(req.params.uid))) throw notFound(req.params.uid);
    return reply.status(204).send(null);
  });

  r.get(`${base}/:uid/submissions`, {
    schema: { tags, summary: 'A lead form\'s submissions, newest first', security, params: leadFormParams, querystring: listQuery, response: { 200: listAnswer(adminSubmissionOut) } },
  }, async (req) => {
    if (!(await deps.uow.leadForms.get(req.params.uid))) throw notFound(req.params.uid);
    const page = await deps.uow.leadForms.submissions(req.params.uid, req.query);
    return listOf(page, req.query, ({ s, email }) => ({
      Uid: s.uid, LeadForm: { Uid: s.formUid }, Person: { Uid: s.personUid, Email: email }, RefererURL: s.refererUrl, IpAddress: s.ip,
      CreatedPerson: s.createdPerson, Values: s.values, Created: s.created.toISOString(),
    }));
  });
}
