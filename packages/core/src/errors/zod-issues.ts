import { ErrorCode, type FieldError } from './error-codes.ts';

/**
 * The parts of a zod 4 issue the mapping reads (core has no dependency on zod,
 * so it describes the shape instead of importing the type).
 */
export interface ZodIssueLike {
  path: readonly PropertyKey[];
  code?: string;
  message: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  input?: unknown;
  /** A custom issue may name its catalogue code: `ctx.addIssue({ code: 'custom', params: { ErrorCode } })`. */
  params?: { ErrorCode?: unknown } | undefined;
}

const LENGTH_ORIGINS = new Set(['string', 'array', 'set', 'file']);

/** The catalogue code of one zod issue: the one place zod's codes meet ours. */
export function errorCodeOfZodIssue(issue: ZodIssueLike): ErrorCode | string {
  switch (issue.code) {
    case 'invalid_type':
      return 'input' in issue ? (issue.input === undefined ? ErrorCode.Required : ErrorCode.InvalidValue)
        : /received undefined/.test(issue.message) ? ErrorCode.Required : ErrorCode.InvalidValue;
    case 'too_small':
      if (LENGTH_ORIGINS.has(issue.origin ?? '')) return Number(issue.minimum) === 1 ? ErrorCode.Required : ErrorCode.TooShort;
      return ErrorCode.BelowMinimum;
    case 'too_big':
      return LENGTH_ORIGINS.has(issue.origin ?? '') ? ErrorCode.TooLong : ErrorCode.AboveMaximum;
    case 'invalid_format':
      if (issue.format === 'email') return ErrorCode.InvalidEmail;
      if (issue.format === 'regex') return ErrorCode.PatternMismatch;
      return ErrorCode.InvalidValue;
    case 'custom':
      return typeof issue.params?.ErrorCode === 'string' ? issue.params.ErrorCode : ErrorCode.InvalidValue;
    default:
      return ErrorCode.InvalidValue;
  }
}

/**
 * Zod issues as field errors: the dotted path of field-paths.ts (with a prefix
 * such as `querystring.` for non-body input), a catalogue code, zod's message.
 */
export function fieldErrorsFromZod(issues: readonly ZodIssueLike[], prefix = ''): FieldError[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    return {
      Field: path ? `${prefix}${path}` : prefix.replace(/\.$/, '') || '(body)',
      ErrorCode: errorCodeOfZodIssue(i),
      Message: i.message,
    };
  });
}
