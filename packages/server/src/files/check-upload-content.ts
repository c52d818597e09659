import { unzipSync } from 'fflate';
import type { SupportAttachmentType } from '@portico/core/support/support-limits';
import { checkImage, tooManyPixelsMessage } from './sniff-image-type.ts';

/**
 * The one content check for uploaded documents (help-form attachments now, chat attachments next):
 * the type comes from the bytes, never from the name or the type the browser claimed, and the
 * structure must hold, so a renamed executable or a script with a PNG signature glued on is refused.
 * Images reuse the profile photo's check (sniff-image-type.ts: whole PNG/JPEG, pixel limit).
 */
export type UploadVerdict =
  | { ok: true; type: SupportAttachmentType }
  | { ok: false; problem: 'type' | 'pixels'; message: string };

const PDF_HEADER = /^%PDF-\d\.\d/;
/** A PDF's trailer: `%%EOF`, possibly followed by line ends and padding, near the end of the file (incremental saves end with their own). */
const PDF_EOF_WINDOW = 1024;
/** The xlsx package's content-types part may be this large at most before we call the zip suspicious. */
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;
const SPREADSHEET_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isPdf(bytes: Buffer): boolean {
  if (!PDF_HEADER.test(bytes.subarray(0, 16).toString('latin1'))) return false;
  return bytes.subarray(Math.max(0, bytes.length - PDF_EOF_WINDOW)).toString('latin1').includes('%%EOF');
}

/**
 * An Office Open XML spreadsheet: a zip whose `[Content_Types].xml` names the workbook's main part.
 * Only that one entry is inflated (fflate's filter), and only when it declares a small size, so a
 * zip bomb costs nothing; a zip fflate cannot read (cut short, not a zip) is refused.
 */
function isXlsx(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return false;
  try {
    const entries = unzipSync(bytes, { filter: (f) => f.name === '[Content_Types].xml' && f.originalSize <= CONTENT_TYPES_MAX_BYTES });
    const types = entries['[Content_Types].xml'];
    return types !== undefined && Buffer.from(types).toString('utf8').includes(SPREADSHEET_MAIN);
  } catch {
    return false;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: valid UTF-8 (a BOM allowed) with no NUL, the mark of a binary file named .txt. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * The type of an uploaded document, decided by its content. Binary formats are recognised from
 * their structure wherever the file is named; a text file is csv when named .csv, else plain text
 * (the two cannot be told apart by content, and both are stored as inert text).
 */
export function checkUploadContent(bytes: Buffer, filename: string): UploadVerdict {
  const refused = (): UploadVerdict => ({ ok: false, problem: 'type', message: 'This file type can not be uploaded.' });
  if (bytes.length === 0) return { ok: false, problem: 'type', message: 'The file is empty.' };
  const image = checkImage(bytes);
  if (image.ok) return { ok: true, type: image.type };
  if (image.problem === 'pixels') return { ok: false, problem: 'pixels', message: tooManyPixelsMessage(image.width, image.height) };
  if (isPdf(bytes)) return { ok: true, type: 'application/pdf' };
  if (isXlsx(bytes)) return { ok: true, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  const ext = extensionOf(filename);
  // A text file named like an image, a PDF or a spreadsheet is a disguise, not a text file.
  if ((ext === 'csv' || ext === 'txt') && isText(bytes)) return { ok: true, type: ext === 'csv' ? 'text/csv' : 'text/plain' };
  return refused();
}

/** A printable file name for messages and storage (the browser's name, trimmed of paths and control characters). */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, 200) || 'file';
}
