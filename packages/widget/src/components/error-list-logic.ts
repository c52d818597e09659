import { ErrorCode } from '@portico/core';

/** One error to show: a catalogue code, optionally with the server's message and i18n values. */
export interface DisplayError {
  code: string;
  message?: string;
  values?: Record<string, unknown>;
  /** The label of the field it is about: the list then reads 'Label: message'. */
  field?: string;
  /** Repeats what failed (a call that got no answer or none in time): the list shows 'Try again'. */
  retry?: () => void;
  /** A way out the error offers (a taken email's 'Log in instead'): a link-style button after the message. */
  action?: ErrorAction;
}

export interface ErrorAction {
  /** The button's text, already translated. */
  label: string;
  run(): void;
}

/** The codes of a call that got no answer or none in time: trying again may work (api/api-problem.ts). */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([ErrorCode.ServerUnreachable, ErrorCode.Timeout]);

/** The one retry the list offers: the first error's that carries one. */
export function retryOf(errors: readonly DisplayError[]): (() => void) | undefined {
  return errors.find((e) => e.retry)?.retry;
}

/** Several errors get the 'Please correct the following errors:' heading; one is shown plainly. */
export function errorListLayout(count: number): { kind: 'none' } | { kind: 'single' } | { kind: 'list'; headingKey: string } {
  if (count <= 0) return { kind: 'none' };
  if (count === 1) return { kind: 'single' };
  return { kind: 'list', headingKey: ErrorCode.Header };
}

/** Codes starting Errors.File are replaced by each new file error (spec 2 section 8). */
export function replaceFileError(errors: DisplayError[], next: DisplayError | null): DisplayError[] {
  const kept = errors.filter((e) => !e.code.startsWith('Errors.File'));
  return next ? [...kept, next] : kept;
}

/** Drops duplicate codes with the same message, keeping the first. */
export function dedupeErrors(errors: DisplayError[]): DisplayError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.field ?? ''}\u0000${e.code}\u0000${e.message ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const ERROR_SCROLL_RETRY_MS = 250;
