import { z } from 'zod';
import { LEAD_FORM_FIELDS_MAX, LEAD_FORM_VALUE_MAX_LENGTH } from '@portico/core/lead-forms/lead-form';
import { uidSchema } from '../catalog/catalog.schemas.ts';

/**
 * Lead forms on the wire (docs/lead-forms.md): the config shape (company config `leadForms` and the
 * admin API's body are the same), the public read, the submission and its answer.
 */

/** Labels and titles are plain text; the widget shows them as text (never as HTML), so any character may stay. */
const plainText = (max: number) => z.string().trim().min(1).max(max);

export const leadFormFieldInput = z.object({
  SystemName: z.string().max(100).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'must be a person property or a Person field definition\'s SystemName'),
  Label: plainText(200).nullable().optional(),
  Required: z.boolean().default(false),
  Hidden: z.boolean().default(false),
  Disabled: z.boolean().default(false),
  DefaultValue: z.string().max(LEAD_FORM_VALUE_MAX_LENGTH).nullable().default(null),
}).strict();

/** Where a redirect goes: an http(s) URL, or a path on the host page's site ('/thanks'); never javascript: or data:. */
const redirectUrl = z.string().trim().max(2000).refine((u) => {
  if (/^\/(?!\/)/.test(u)) return !/[\s\\]/.test(u);
  try {
    return /^https?:$/.test(new URL(u).protocol);
  } catch {
    return false;
  }
}, 'must be an http or https URL, or a path starting with a single /');

export const leadFormPostSubmission = z.discriminatedUnion('Action', [
  z.object({ Action: z.literal('thankYou'), Message: plainText(500).nullable().default(null) }).strict(),
  z.object({ Action: z.literal('redirect'), Url: redirectUrl }).strict(),
]);

/** One form as configured: the company config entry and the admin API's create/update body. */
export const leadFormInput = z.object({
  Uid: uidSchema.optional(),
  Name: plainText(200),
  Title: plainText(200),
  SubmitLabel: plainText(60).nullable().default(null),
  /** Ask for the company's captcha (config `captcha.provider`) before Submit. */
  Captcha: z.boolean().default(false),
  /** Subscribe the person to this email list after the submission (it must exist). */
  EmailListUid: uidSchema.nullable().default(null),
  Fields: z.array(leadFormFieldInput).min(1).max(LEAD_FORM_FIELDS_MAX),
  PostSubmission: leadFormPostSubmission.default({ Action: 'thankYou', Message: null }),
}).strict();
export type LeadFormInput = z.infer<typeof leadFormInput>;

const postSubmissionOut = z.union([
  z.object({ Action: z.literal('thankYou'), Url: z.null(), Message: z.string().nullable() }),
  z.object({ Action: z.literal('redirect'), Url: z.string(), Message: z.null() }),
]);

const fieldOut = z.object({
  SystemName: z.string(), Label: z.string(), Required: z.boolean(), Hidden: z.boolean(), Disabled: z.boolean(), DefaultValue: z.string().nullable(),
  Definition: z.object({
    Uid: z.string(), EntityType: z.enum(['Account', 'Person']), SystemName: z.string(), Label: z.string(), ControlType: z.string(), ControlParams: z.string().nullable(),
  }),
});

/** GET /api/v1/public/lead-forms/{uid}: what the widget renders (core's WireLeadForm). */
export const publicLeadFormOut = z.object({
  Uid: z.string(), Name: z.string(), Title: z.string(), SubmitLabel: z.string().nullable(), Captcha: z.boolean(),
  Fields: z.array(fieldOut), PostSubmission: postSubmissionOut,
});

/** The admin API's form: the stored config with its Uid and dates. */
export const adminLeadFormOut = z.object({
  Uid: z.string(), Name: z.string(), Title: z.string(), SubmitLabel: z.string().nullable(), Captcha: z.boolean(), EmailListUid: z.string().nullable(),
  Fields: z.array(z.object({
    SystemName: z.string(), Label: z.string().nullable().optional(), Required: z.boolean(), Hidden: z.boolean(), Disabled: z.boolean(), DefaultValue: z.string().nullable(),
  })),
  PostSubmission: z.union([
    z.object({ Action: z.literal('thankYou'), Message: z.string().nullable() }),
    z.object({ Action: z.literal('redirect'), Url: z.string() }),
  ]),
  Created: z.string(), Updated: z.string(),
});

/** One value of a field: text, a ticked box, a number, or the ticked options of a checkbox list. */
const leadValue = z.union([
  z.string().max(LEAD_FORM_VALUE_MAX_LENGTH), z.boolean(), z.number().finite(),
  z.array(z.string().max(200)).max(100),
]);

/** POST /api/v1/public/lead-forms/{uid}/submissions (spec 3 "Submission"). */
export const leadSubmissionInput = z.object({
  /** The person's properties by SystemName, custom ones under FieldValues (core's field paths: `Person.Email`, `Person.FieldValues.Company`). */
  Person: z.object({
    FieldValues: z.record(z.string().max(100), leadValue).optional(),
  }).catchall(leadValue),
  RecaptchaToken: z.string().max(20_000).optional(),
  /** The page the form was on (stored with the submission; anything but an http(s) URL is stored as null). */
  RefererURL: z.string().max(2000).optional(),
  /**
   * The honeypot: an input people never see (off-screen, aria-hidden, tabindex -1) that form-filling bots
   * do fill. Anything in it: the answer looks like success and nothing is stored (docs/lead-forms.md).
   */
  Website: z.string().max(LEAD_FORM_VALUE_MAX_LENGTH).optional(),
}).strict();
export type LeadSubmissionInput = z.infer<typeof leadSubmissionInput>;

export const leadSubmissionOut = z.object({
  Uid: z.string(),
  LeadForm: z.object({ Uid: z.string() }),
  PostSubmission: postSubmissionOut,
});
export type LeadSubmissionOut = z.infer<typeof leadSubmissionOut>;

/** The admin API's submission (the values as typed; the person may hold older values, docs/lead-forms.md). */
export const adminSubmissionOut = z.object({
  Uid: z.string(), LeadForm: z.object({ Uid: z.string() }), Person: z.object({ Uid: z.string(), Email: z.string() }),
  RefererURL: z.string().nullable(), IpAddress: z.string().nullable(), CreatedPerson: z.boolean(),
  Values: z.record(z.string(), z.unknown()), Created: z.string(),
});

export const leadFormParams = z.object({ uid: uidSchema });
