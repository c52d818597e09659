import { ErrorCode } from '@portico/core';
import { leadFormWireFields, type LeadFormPostSubmission, type WireLeadForm } from '@portico/core/lead-forms/lead-form';
import { AppError } from '../http/app-error.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { StoredLeadForm } from './lead-forms.repository.ts';

/** The post-submission step as the widget reads it (both variants carry Url and Message). */
export function publicPostSubmission(form: StoredLeadForm): LeadFormPostSubmission {
  return form.PostSubmission.Action === 'redirect'
    ? { Action: 'redirect', Url: form.PostSubmission.Url, Message: null }
    : { Action: 'thankYou', Url: null, Message: form.PostSubmission.Message };
}

/**
 * GET /api/v1/public/lead-forms/{uid}: the form as a visitor's widget renders it, each field with the
 * definition its control is drawn from. The email list is not named (a visitor needs nothing of it).
 */
export async function getLeadForm(uow: UnitOfWork, uid: string): Promise<WireLeadForm> {
  const form = await uow.leadForms.get(uid);
  if (!form) throw new AppError(ErrorCode.LeadFormNotFound, `No lead form with Uid '${uid}'.`);
  return {
    Uid: form.Uid, Name: form.Name, Title: form.Title, SubmitLabel: form.SubmitLabel, Captcha: form.Captcha,
    Fields: leadFormWireFields(form.Fields, await uow.fields.definitions('Person')),
    PostSubmission: publicPostSubmission(form),
  };
}
