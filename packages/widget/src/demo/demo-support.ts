import { ErrorCode, type FieldError } from '@portico/core';
import {
  SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_FILES, SUPPORT_ATTACHMENT_TYPES, SUPPORT_BODY_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH,
} from '@portico/core/support/support-limits';
import { DemoRefusal } from './demo-transport.ts';

/** GET /support/settings in demo mode: no captcha, the real limits, and the demo operator online (demo-chat.ts answers). */
export function demoSupportSettings() {
  return {
    Captcha: { Provider: 'none' as const, SiteKey: null },
    Attachments: { MaxFiles: SUPPORT_ATTACHMENT_MAX_FILES, MaxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES, Extensions: [...SUPPORT_ATTACHMENT_EXTENSIONS], ContentTypes: [...SUPPORT_ATTACHMENT_TYPES] },
    Limits: { SubjectMaxLength: SUPPORT_SUBJECT_MAX_LENGTH, BodyMaxLength: SUPPORT_BODY_MAX_LENGTH },
    Chat: {
      Online: true, IntroHeading: 'Questions? Chat with us', IntroMessage: 'Our team usually answers within a few minutes.',
      RequireEmail: false, RequireEmailMessage: 'Please leave your email so we can follow up.',
    },
  };
}

let demoCaseNumber = 1000;
export const CONTENT_TYPE: Record<string, (typeof SUPPORT_ATTACHMENT_TYPES)[number]> = {
  csv: 'text/csv', txt: 'text/plain', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * POST /public/support/cases in demo mode: nothing is sent or stored; the answer a server gives. The
 * files are checked by name and size only (a server checks their content too): a sixth file or a
 * large one is refused with the server's field errors.
 */
export function demoCreateCase(files: Readonly<Record<string, Blob>>, now: Date) {
  const entries = Object.entries(files);
  const problems = entries.flatMap(([field, blob], i): FieldError[] => {
    const name = blob instanceof File ? blob.name : field;
    if (i >= SUPPORT_ATTACHMENT_MAX_FILES) return [{ Field: field, ErrorCode: ErrorCode.InvalidValue, Message: `${name}: at most ${SUPPORT_ATTACHMENT_MAX_FILES} files can be attached.` }];
    if (blob.size > SUPPORT_ATTACHMENT_MAX_BYTES) return [{ Field: field, ErrorCode: ErrorCode.FileTooLarge, Message: `${name} is larger than 2MB.` }];
    return [];
  });
  if (problems.length) throw new DemoRefusal(400, problems[0]!.ErrorCode as ErrorCode, problems);
  demoCaseNumber += 1;
  return {
    Uid: `demo-case-${demoCaseNumber}`, Number: demoCaseNumber, Source: 1, Status: 'open' as const, Created: now.toISOString(),
    Attachments: entries.map(([field, blob], i) => {
      const name = blob instanceof File ? blob.name : field;
      const ext = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
      return { Uid: `demo-attachment-${demoCaseNumber}-${i}`, Name: name, ContentType: CONTENT_TYPE[ext] ?? 'text/plain', Size: blob.size };
    }),
  };
}
