import { ErrorCode } from '@portico/core';
import type { DisplayError } from './error-list-logic.ts';

/** File component defaults (spec 2 section 5). */
export const DEFAULT_FILE_ACCEPT = ['csv', 'jpg', 'jpeg', 'pdf', 'png', 'txt', 'xlsx'];
export const DEFAULT_FILE_MAX_BYTES = 2_097_152;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** '2MB', '1MB', '512KB', '11 bytes': the size in help text, messages and beside a chosen or attached file. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes >= 1_000_000) return `${Math.round(bytes / (bytes % 1_048_576 === 0 ? 1_048_576 : 1_000_000))}MB`;
  return `${Math.round(bytes / 1024)}KB`;
}

/** Errors.FileInvalidType when the extension is not accepted, Errors.FileTooLarge above maxBytes. */
export function validateFile(file: { name: string; size: number }, accept: string[], maxBytes: number): DisplayError | null {
  const allowed = accept.map((a) => a.replace(/^\./, '').toLowerCase());
  if (!allowed.includes(fileExtension(file.name))) {
    return { code: ErrorCode.FileInvalidType, values: { accept: allowed.join(', '), filename: file.name } };
  }
  if (file.size > maxBytes) {
    return { code: ErrorCode.FileTooLarge, values: { filename: file.name, maxSize: formatBytes(maxBytes) } };
  }
  return null;
}
