/**
 * The help form's rules (spec 2 section 5 "Help form", section 9), shared by the widget (what the
 * form accepts before it sends) and the server (what it stores). Import as `@portico/core/support/support-limits`.
 */

/** At most this many attachments on one help request (spec 2 section 9). */
export const SUPPORT_ATTACHMENT_MAX_FILES = 5;
/** Bytes of one attachment at most (spec 2 section 9: 2,000,000, not 2 MiB). */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 2_000_000;
/** The file-name extensions the form's file picker offers (spec 2 section 5); the server decides by content. */
export const SUPPORT_ATTACHMENT_EXTENSIONS = ['csv', 'jpg', 'jpeg', 'pdf', 'png', 'txt', 'xlsx'] as const;
/** The content types the server stores an attachment under, decided from its bytes (server/src/files/check-upload-content.ts). */
export const SUPPORT_ATTACHMENT_TYPES = [
  'image/png', 'image/jpeg', 'application/pdf', 'text/csv', 'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type SupportAttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];

/** Lengths a case's text may have (not in the spec; docs/support.md). */
export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_BODY_MAX_LENGTH = 20_000;
export const SUPPORT_EMAIL_MAX_LENGTH = 320;

/** Support case Source (spec 2 section 3): where a case came from. */
export const CaseSource = { Website: 1, Email: 2, Facebook: 3, Twitter: 4, Chat: 5 } as const;
export type CaseSource = (typeof CaseSource)[keyof typeof CaseSource];

/** Case activity types (spec 2 section 3). */
export const ActivityType = {
  PersonReply: 1, Note: 2, Closed: 3, Reopened: 4, Assigned: 5, AgentReply: 6, AutoReply: 7, ContactChange: 8,
} as const;
export type ActivityType = (typeof ActivityType)[keyof typeof ActivityType];

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
