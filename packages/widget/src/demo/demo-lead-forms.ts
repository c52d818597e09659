import { ErrorCode } from '@portico/core';
import { configuredFields, validateFields } from '@portico/core/fields/index';
import { leadFormEntries, type WireLeadForm } from '@portico/core/lead-forms/lead-form';
import { DEMO_COMPANY } from './generated/demo-company.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Demo mode's lead forms (issue 18): the demo company's forms as the server answers them (generated), and a
 * submission checked with the same core rules and answered like the server's — nothing is stored or sent.
 */
export function demoLeadForm(uid: string): WireLeadForm {
  const form = DEMO_COMPANY.leadForms.find((f) => f.Uid === uid);
  if (!form) throw new DemoRefusal(404, ErrorCode.LeadFormNotFound);
  return form;
}

export function demoLeadSubmission(uid: string, body: { Person: Record<string, unknown> }) {
  const form = demoLeadForm(uid);
  const fields = configuredFields(leadFormEntries(form.Fields));
  const values = Object.fromEntries(fields.map((f) => {
    const name = f.path.split('.').pop()!;
    const raw = f.path.includes('.FieldValues.') ? (body.Person.FieldValues as Record<string, unknown> | undefined)?.[name] : body.Person[name];
    return [f.path, typeof raw === 'string' || typeof raw === 'boolean' ? raw : ''];
  }));
  const errors = validateFields(fields, values);
  if (errors.length) throw new DemoRefusal(400, errors.length === 1 ? errors[0]!.ErrorCode as ErrorCode : ErrorCode.ValidationFailed, errors);
  return { Uid: `demo-submission-${Date.now()}`, LeadForm: { Uid: form.Uid }, PostSubmission: form.PostSubmission };
}
