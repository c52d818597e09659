import { ErrorCode, type WireFieldDefinition } from '@portico/core';
import { leadFormFieldProblems } from '@portico/core/lead-forms/lead-form';
import { fieldError, validationError } from '../http/app-error.ts';
import type { LeadFormInput } from './lead-forms.schemas.ts';

/**
 * What a form may name, checked when it is saved (admin API) or loaded (company config, which runs the same
 * rules over the config's own definitions and lists): its fields must be person properties or Person field
 * definitions, Email must be there and required, hidden and disabled fields need a DefaultValue, and the
 * email list must exist. Every problem comes back in one 400.
 */
export function leadFormProblems(form: Pick<LeadFormInput, 'Fields' | 'EmailListUid'>, definitions: readonly WireFieldDefinition[], listUids: ReadonlySet<string>) {
  const problems = leadFormFieldProblems(form.Fields, definitions).map((p) => ({
    path: p.index === null ? p.field : `Fields.${p.index}.${p.field}`, message: p.message,
  }));
  if (form.EmailListUid && !listUids.has(form.EmailListUid)) problems.push({ path: 'EmailListUid', message: `unknown email list '${form.EmailListUid}'` });
  return problems;
}

export function checkLeadForm(form: LeadFormInput, definitions: readonly WireFieldDefinition[], listUids: ReadonlySet<string>): void {
  const problems = leadFormProblems(form, definitions, listUids);
  if (problems.length) throw validationError(problems.map((p) => fieldError(p.path, ErrorCode.InvalidValue, p.message)));
}
