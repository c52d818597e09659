import { ErrorCode, type FieldError } from '@portico/core';
import { configuredFields, normalizeForSubmit, toPayload, validateFields, valuesFromPayload } from '@portico/core/fields/index';
import { LEAD_FORM_PERSON_PROPERTIES, leadFormEntries, leadFormWireFields, type WireLeadFormField } from '@portico/core/lead-forms/lead-form';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { isUniqueViolation } from '../http/database-errors.ts';
import { callerScope, requestHash, storedAnswer, withIdempotency, type Answer, type IdempotencyRequest } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { LeadPerson, StoredLeadForm } from './lead-forms.repository.ts';
import type { LeadSubmissionInput, LeadSubmissionOut } from './lead-forms.schemas.ts';
import { publicPostSubmission } from './get-lead-form.ts';
import { subscribeLead } from './subscribe-lead.ts';

export interface SubmitLeadDeps {
  uow: UnitOfWork;
  captcha: Pick<CaptchaVerifier, 'verify'>;
  now: () => Date;
  wakeOutbox: () => void;
}

export interface LeadSubmissionRequest {
  formUid: string;
  body: LeadSubmissionInput;
  /** The Referer header, used when the body names no RefererURL. */
  referer: string | undefined;
  idempotencyKey: string | undefined;
}

const SCOPE = 'POST /public/lead-forms/submissions';
/** The person's own columns a form fills, by SystemName. */
const COLUMNS = { FirstName: 'firstName', LastName: 'lastName', Title: 'title', PhoneMobile: 'phoneMobile', PhoneWork: 'phoneWork' } as const;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function httpUrlOrNull(u: string | undefined): string | null {
  if (!u) return null;
  try {
    const url = new URL(u);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/**
 * Which sent values the form does not take: a name that is no field of this form (unknown), or a hidden
 * or disabled field whose value differs from its DefaultValue (the visitor cannot change those; the
 * widget never sends them). Sent unchanged they are accepted, so a client may echo what it read.
 */
function refusedValues(fields: readonly WireLeadFormField[], person: LeadSubmissionInput['Person']): FieldError[] {
  const errors: FieldError[] = [];
  const byName = new Map(fields.map((f) => [f.SystemName, f]));
  const check = (name: string, value: unknown, custom: boolean) => {
    const path = custom ? `Person.FieldValues.${name}` : `Person.${name}`;
    const field = byName.get(name);
    const isBuiltIn = Object.hasOwn(LEAD_FORM_PERSON_PROPERTIES, name);
    if (!field || isBuiltIn === custom) {
      errors.push(fieldError(path, ErrorCode.InvalidValue, 'This form has no such field.'));
      return;
    }
    if ((field.Hidden || field.Disabled) && value !== undefined && String(value) !== (field.DefaultValue ?? '')) {
      errors.push(fieldError(path, ErrorCode.FieldNotEditable, 'This field is fixed by the form and cannot be changed.'));
    }
  };
  for (const [name, value] of Object.entries(person)) if (name !== 'FieldValues') check(name, value, false);
  for (const [name, value] of Object.entries(person.FieldValues ?? {})) check(name, value, true);
  return errors;
}

/** The person's properties as this submission would set them: the visitor's values and the fixed fields' defaults. */
function submittedPerson(fields: readonly WireLeadFormField[], body: LeadSubmissionInput): { errors: FieldError[]; person: Record<string, unknown> } {
  const configured = configuredFields(leadFormEntries(fields));
  const values = valuesFromPayload(configured, { Person: body.Person });
  const errors = validateFields(configured, values);
  const person = ((toPayload(normalizeForSubmit(configured, values)) as { Person?: Record<string, unknown> }).Person ?? {});
  const fieldValues = { ...((person.FieldValues ?? {}) as Record<string, unknown>) };
  for (const f of fields.filter((x) => x.Hidden || x.Disabled)) {
    if (Object.hasOwn(LEAD_FORM_PERSON_PROPERTIES, f.SystemName)) person[f.SystemName] = f.DefaultValue;
    else fieldValues[f.SystemName] = f.DefaultValue;
  }
  if (Object.keys(fieldValues).length) person.FieldValues = fieldValues;
  else delete person.FieldValues;
  return { errors, person };
}

/**
 * What a known person gets from a submission: only the properties they do not have yet. Anyone can type
 * anyone's email into a public form, so a form never replaces a name, a phone or a custom value a person
 * already has (docs/lead-forms.md "Fill only what is empty").
 */
export function fillOnlyEmpty(existing: LeadPerson, submitted: Record<string, unknown>) {
  const set: Partial<Pick<LeadPerson, 'firstName' | 'lastName' | 'title' | 'phoneMobile' | 'phoneWork' | 'fieldValues'>> = {};
  for (const [name, column] of Object.entries(COLUMNS)) {
    const value = submitted[name];
    if (typeof value === 'string' && value !== '' && isEmpty(existing[column])) set[column] = value;
  }
  const custom = (submitted.FieldValues ?? {}) as Record<string, unknown>;
  const added = Object.entries(custom).filter(([k, v]) => !isEmpty(v) && isEmpty(existing.fieldValues[k]));
  if (added.length) set.fieldValues = { ...existing.fieldValues, ...Object.fromEntries(added) };
  return set;
}

async function write(deps: SubmitLeadDeps, repos: UnitOfWork, form: StoredLeadForm, person: Record<string, unknown>, meta: { referer: string | null; ip: string }): Promise<{ statusCode: number; body: LeadSubmissionOut }> {
  const now = deps.now();
  const email = String(person.Email);
  const existing = await repos.leadForms.personByEmailForUpdate(email);
  let personUid: string;
  if (existing) {
    personUid = existing.uid;
    await repos.leadForms.fillPerson(existing.uid, fillOnlyEmpty(existing, person), now);
  } else {
    personUid = newUid();
    const text = (k: string) => (typeof person[k] === 'string' && person[k] !== '' ? (person[k] as string) : null);
    await repos.people.insert({
      uid: personUid, email, firstName: text('FirstName'), lastName: text('LastName'), title: text('Title'),
      phoneMobile: text('PhoneMobile'), phoneWork: text('PhoneWork'), fieldValues: (person.FieldValues ?? {}) as Record<string, unknown>,
    });
  }
  const uid = newUid();
  await repos.leadForms.insertSubmission({ uid, formUid: form.Uid, personUid, refererUrl: meta.referer, ip: meta.ip, values: person, createdPerson: !existing, created: now });
  if (form.EmailListUid) await subscribeLead(repos, { personUid, listUid: form.EmailListUid, ip: meta.ip, now }, deps.wakeOutbox);
  return { statusCode: 201, body: { Uid: uid, LeadForm: { Uid: form.Uid }, PostSubmission: publicPostSubmission(form) } };
}

/**
 * POST /api/v1/public/lead-forms/{uid}/submissions (spec 2 section 4 "Lead form: a valid submit adds a
 * submission, then thankYou or the configured redirect"). Checks the form's fields with core's rules,
 * then the captcha, then in one transaction finds or creates the person, fills only their empty
 * properties, stores the submission and subscribes them to the form's list. Idempotent: with the
 * client's Idempotency-Key, or else a key made from the form, the body and the address, so the same
 * submission sent twice at once (a double click, a retry) stores one person and one submission.
 */
export async function submitLeadForm(deps: SubmitLeadDeps, caller: Caller, req: LeadSubmissionRequest): Promise<Answer<LeadSubmissionOut>> {
  const form = await deps.uow.leadForms.get(req.formUid);
  if (!form) throw new AppError(ErrorCode.LeadFormNotFound, `No lead form with Uid '${req.formUid}'.`);
  // The honeypot: people never see the input, bots fill it. They get the answer a person would, and nothing is stored.
  if (req.body.Website !== undefined && req.body.Website.trim() !== '') {
    return { statusCode: 201, body: { Uid: newUid(), LeadForm: { Uid: form.Uid }, PostSubmission: publicPostSubmission(form) }, replayed: false };
  }
  const fields = leadFormWireFields(form.Fields, await deps.uow.fields.definitions('Person'));
  const refused = refusedValues(fields, req.body.Person);
  const { errors, person } = submittedPerson(fields, req.body);
  const all = [...refused, ...errors];
  if (all.length) throw validationError(all, all.length === 1 ? all[0]!.ErrorCode : ErrorCode.ValidationFailed);

  const hash = requestHash(req.formUid, req.body);
  const idempotency: IdempotencyRequest = {
    scope: callerScope(SCOPE, caller), key: req.idempotencyKey ?? `lead:${requestHash(hash, caller.ip)}`, requestHash: hash,
  };
  // A retry after success replays before the captcha is looked at (its token is spent by then).
  const stored = await storedAnswer<LeadSubmissionOut>(deps.uow, idempotency);
  if (stored) return stored;
  if (form.Captcha) {
    const captcha = await deps.captcha.verify(req.body.RecaptchaToken, caller.ip);
    if (!captcha.ok) {
      const code = captcha.code ?? ErrorCode.CaptchaInvalid;
      throw new AppError(code, undefined, [fieldError('RecaptchaToken', code)]);
    }
  }
  const meta = { referer: httpUrlOrNull(req.body.RefererURL ?? req.referer), ip: caller.ip };
  const run = () => withIdempotency(deps.uow, idempotency, (repos) => write(deps, repos, form, person, meta));
  try {
    return await run();
  } catch (err) {
    // Two different forms naming one new email at once: the second insert loses the race on people_email_idx; run again and fill.
    if (isUniqueViolation(err, 'people_email_idx')) return run();
    throw err;
  }
}
