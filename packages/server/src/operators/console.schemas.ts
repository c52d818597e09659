import { z } from 'zod';
import { CASE_STATUSES, SUPPORT_BODY_MAX_LENGTH, SUPPORT_EMAIL_MAX_LENGTH } from '@portico/core/support/support-limits';
import { CONSOLE_INBOX_PAGE, OPERATOR_NAME_MAX_LENGTH, OPERATOR_ROLES } from '@portico/core/operators/operator-rules';
import { isValidEmail } from '@portico/core/validation/email';
import { listQuery } from '../http/list.ts';
import { caseDetailOut, caseSummaryOut } from '../support/support.schemas.ts';
import { AUTO_REPLY_MAX_LENGTH } from '../support/auto-reply.ts';

export const operatorOutSchema = z.object({
  Uid: z.string(), Email: z.string(), Name: z.string(), Initials: z.string(), Role: z.enum(OPERATOR_ROLES), Disabled: z.boolean(),
  /** False until the operator sets a password (an invitation is pending). */
  PasswordSet: z.boolean(),
  Created: z.string(),
});
export const operatorCreateInput = z.object({
  Email: z.string().trim().min(3).max(320).refine(isValidEmail, 'must be a valid email address'),
  Name: z.string().trim().min(1).max(OPERATOR_NAME_MAX_LENGTH),
  Role: z.enum(OPERATOR_ROLES),
  /**
   * An initial password (the company's password policy applies) the admin gives the operator out of band.
   * Absent: the operator is mailed an invitation whose link (72 hours, once) sets it.
   */
  Password: z.string().min(1).max(1024).optional(),
}).strict();
export const operatorChangeInput = z.object({ Role: z.enum(OPERATOR_ROLES).optional(), Disabled: z.boolean().optional() }).strict()
  .refine((v) => v.Role !== undefined || v.Disabled !== undefined, 'send Role or Disabled');
export const operatorParams = z.object({ uid: z.string().min(1).max(64) });

export const consoleTokenOut = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int() });
export const consoleSessionOut = z.object({ OperatorUid: z.string(), Name: z.string(), Initials: z.string(), Role: z.enum(OPERATOR_ROLES), SessionUid: z.string() });

export const inboxQuery = listQuery.omit({ fields: true }).extend({
  limit: z.coerce.number().int().min(1).max(200).default(CONSOLE_INBOX_PAGE),
  status: z.enum(CASE_STATUSES).optional(),
  assigned: z.enum(['me', 'unassigned', 'all']).default('all'),
  /** An email or its beginning (case-insensitive). */
  email: z.string().trim().min(1).max(SUPPORT_EMAIL_MAX_LENGTH).optional(),
});
const assigneeOut = z.object({ OperatorUid: z.string(), Name: z.string() }).nullable();
/** The inbox row's last message: one line of text (a file by its name), who wrote it and when. */
export const inboxPreviewOut = z.object({ Text: z.string(), From: z.enum(['person', 'agent', 'system']), Attachment: z.boolean(), Created: z.string() }).nullable();
export const inboxItemOut = caseSummaryOut.extend({ Unread: z.boolean(), Assignee: assigneeOut, LastMessage: inboxPreviewOut });
export const consoleCaseOut = caseDetailOut.extend({ Assignee: assigneeOut });
export const caseUidParams = z.object({ uid: z.string().min(1).max(64) });
export const replyInput = z.object({ Comment: z.string().max(SUPPORT_BODY_MAX_LENGTH) }).strict();
export const replyOut = z.object({ ActivityUid: z.string() });

export const presenceInput = z.object({ Online: z.boolean() }).strict();
/** The admin API's presence: the operator by email (PUT /admin/chat/presence). */
export const adminPresenceInput = z.object({ Operator: z.string().trim().email().max(320).describe('The operator\'s email'), Online: z.boolean() }).strict();
export const presenceOut = z.object({ Online: z.boolean(), OnlineUntil: z.string().nullable(), AnyOperatorOnline: z.boolean() });

export const autoReplySchema = z.object({ Enabled: z.boolean(), Text: z.string().max(AUTO_REPLY_MAX_LENGTH) }).strict()
  .refine((v) => !v.Enabled || v.Text.trim().length > 0, { message: 'an enabled auto-reply needs a text', path: ['Text'] });

const money = z.object({ Amount: z.number().int(), Currency: z.string() });
export const customerOut = z.object({
  Person: z.object({ Uid: z.string(), Email: z.string(), FirstName: z.string().nullable(), LastName: z.string().nullable() }).nullable(),
  Accounts: z.array(z.object({
    Uid: z.string(), Name: z.string().nullable(), IsPrimary: z.boolean(),
    Subscription: z.object({ Uid: z.string(), PlanUid: z.string(), PlanName: z.string(), Status: z.enum(['active', 'scheduled', 'ended']), StartDate: z.string(), EndDate: z.string().nullable() }).nullable(),
    Invoices: z.array(z.object({
      Uid: z.string(), Number: z.number().int(), Date: z.string(), Status: z.string(), Total: money,
      /** The PDF through the members' PDF route with a five-minute download token (invoices/invoice-download-token.ts). */
      PdfUrl: z.string(),
    })),
  })),
  PastCases: z.array(caseSummaryOut),
});
