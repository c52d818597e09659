import { z } from 'zod';
import {
  CASE_STATUSES, CaseSource, SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_BODY_MAX_LENGTH, SUPPORT_EMAIL_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH,
} from '@portico/core/support/support-limits';
import { isValidEmail } from '@portico/core/validation/email';
import { listQuery } from '../http/list.ts';
import { uidSchema } from '../catalog/catalog.schemas.ts';

/** The multipart `item` part: the help request (spec 2 section 7 "Support"). Only the form's Source (Website) is accepted here. */
export const caseItemInput = z.object({
  FromPerson: z.object({ Email: z.string().trim().min(1).max(SUPPORT_EMAIL_MAX_LENGTH).refine(isValidEmail, 'must be a valid email address') }).strip(),
  Subject: z.string().trim().min(1).max(SUPPORT_SUBJECT_MAX_LENGTH),
  Body: z.string().trim().min(1).max(SUPPORT_BODY_MAX_LENGTH),
  /** The widget sends the site key it showed the captcha with (spec); the token is what is checked. */
  RecaptchaSiteKey: z.string().max(500).nullish(),
  RecaptchaToken: z.string().max(20_000).nullish(),
  Source: z.literal(CaseSource.Website).default(CaseSource.Website),
}).strip();
export type CaseItemInput = z.infer<typeof caseItemInput>;

/** The `documentInfo` part (the spec sends PublicReadable true); accepted and not acted on: attachments are never public. */
export const documentInfoInput = z.object({ PublicReadable: z.boolean().optional() }).strip();

export const caseCreatedOut = z.object({
  Uid: z.string(), Number: z.number().int(), Source: z.number().int(), Status: z.enum(CASE_STATUSES), Created: z.string(),
  Attachments: z.array(z.object({ Uid: z.string(), Name: z.string(), ContentType: z.string(), Size: z.number().int() })),
});
export type CaseCreatedOut = z.infer<typeof caseCreatedOut>;

export const supportSettingsOut = z.object({
  Captcha: z.object({
    /** 'none' when the company has no captcha; else the widget shows it and sends RecaptchaToken. */
    Provider: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']),
    SiteKey: z.string().nullable(),
  }),
  Attachments: z.object({
    MaxFiles: z.number().int(),
    MaxFileBytes: z.number().int(),
    Extensions: z.array(z.enum(SUPPORT_ATTACHMENT_EXTENSIONS)),
    ContentTypes: z.array(z.enum(SUPPORT_ATTACHMENT_TYPES)),
  }),
  Limits: z.object({ SubjectMaxLength: z.number().int(), BodyMaxLength: z.number().int() }),
  /** The chat panel (issue 19, docs/chat.md): whether an operator is online (else the offline form), and the company's chat texts. */
  Chat: z.object({
    Online: z.boolean(), IntroHeading: z.string(), IntroMessage: z.string(), RequireEmail: z.boolean(), RequireEmailMessage: z.string(),
  }),
});

const attachmentOut = z.object({ Uid: z.string(), Name: z.string(), ContentType: z.string(), Size: z.number().int(), ActivityUid: z.string().nullable(), Created: z.string() });
const activityOut = z.object({
  Uid: z.string(), Type: z.number().int().min(1).max(8), Body: z.string(),
  /** A chat message's sequence number in its case (issue 19); null for other activities. */
  Seq: z.number().int().nullable(),
  Author: z.object({ Kind: z.enum(['person', 'agent', 'system']), Name: z.string().nullable(), Email: z.string().nullable() }), Created: z.string(),
});
export const caseSummaryOut = z.object({
  Uid: z.string(), Number: z.number().int(), Source: z.number().int().min(1).max(5), Status: z.enum(CASE_STATUSES),
  PersonUid: z.string().nullable(), Email: z.string(), Subject: z.string(), Created: z.string(), Updated: z.string(),
});
export const caseDetailOut = caseSummaryOut.extend({ Activities: z.array(activityOut), Attachments: z.array(attachmentOut) });

export const caseListQuery = listQuery.omit({ fields: true }).extend({
  email: z.string().trim().min(1).max(SUPPORT_EMAIL_MAX_LENGTH).optional(),
  status: z.enum(CASE_STATUSES).optional(),
}).strict();
export const caseParams = z.object({ uid: uidSchema });
export const attachmentParams = z.object({ uid: uidSchema, attachmentUid: uidSchema });
