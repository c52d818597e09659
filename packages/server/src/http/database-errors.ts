import { ErrorCode } from '@portico/core';
import { AppError, fieldError } from './app-error.ts';

/** The fields of a PostgreSQL error (pg, PGlite, or PGlite's worker thread) this module reads. */
interface PgError {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** The driver's error, however deep drizzle and the worker thread wrapped it; null for other errors. */
export function pgErrorOf(err: unknown): PgError | null {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i += 1) {
    const code = (e as { code?: unknown }).code;
    // A SQLSTATE: five characters with a digit (Node's EPIPE, EPERM have none).
    if (typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return null;
}

/** PostgreSQL's unique_violation, however the driver wrapped it; optionally of one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgErrorOf(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * Which field a unique index guards, so a request that loses a race (both passed the
 * "already used?" check, the database refused the second) gets the same 409 as the check
 * would have answered. A primary key (`<table>_pkey`) guards Uid.
 */
const UNIQUE_FIELDS: Record<string, { field: string; code: ErrorCode; message: string }> = {
  discount_coupons_code_idx: { field: 'UniqueIdentifier', code: ErrorCode.Conflict, message: 'This code is already in use.' },
  people_email_idx: { field: 'Email', code: ErrorCode.Duplicate, message: 'An account with this email already exists.' },
  plan_families_one_default_idx: { field: 'IsDefault', code: ErrorCode.Conflict, message: 'Another plan family is the default.' },
};

function uniqueViolation(e: PgError): AppError {
  const known = e.constraint ? UNIQUE_FIELDS[e.constraint] : undefined;
  if (known) return new AppError(known.code, known.message, [fieldError(known.field, known.code, known.message)]);
  if (e.constraint?.endsWith('_pkey')) {
    return new AppError(ErrorCode.Duplicate, 'This Uid is already in use.', [fieldError('Uid', ErrorCode.Duplicate, 'This Uid is already in use.')]);
  }
  return new AppError(ErrorCode.Conflict);
}

/**
 * Database refusals caused by the request's data, as the client's mistake instead of a 500.
 * Schemas should catch these first (NUL, ranges, lengths); this is the safety net for what
 * they miss, and the only defence against races (two writers passing the same uniqueness check).
 * - data exceptions a value causes: too long (22001), out of range (22003), bad dates (22007,
 *   22008), NUL or other bytes PostgreSQL text cannot hold (22021, 22P05), text that is not
 *   the column's type (22P02): 400. Not all of class 22: division by zero is our bug.
 * - 23505 unique_violation: 409 naming the field
 */
const BAD_VALUE = new Set(['22001', '22003', '22007', '22008', '22P02']);
const BAD_CHARACTER = new Set(['22021', '22P05']);

export function fromDatabaseError(err: unknown): AppError | null {
  const e = pgErrorOf(err);
  if (!e) return null;
  if (e.code === '23505') return uniqueViolation(e);
  if (BAD_CHARACTER.has(e.code)) {
    return new AppError(ErrorCode.ValidationFailed, 'A text value holds a character this server cannot store (such as NUL).');
  }
  if (BAD_VALUE.has(e.code)) return new AppError(ErrorCode.ValidationFailed, 'A value is out of the range this server can store.');
  return null;
}

/**
 * What a log line may say about a failure. Drizzle's message and `params` carry the
 * request's values (emails, names), and PostgreSQL's own messages sometimes quote the
 * value (22P02 "invalid input syntax …: \"x\""), so a database error is logged by its
 * SQLSTATE, constraint, table, column and the parameterized SQL text only. Other
 * errors are programming errors: their type, message and stack are what a fix needs.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = pgErrorOf(err);
  if (e) {
    const query = (err as { query?: unknown }).query;
    return {
      type: (err as Error).name, sqlState: e.code, constraint: e.constraint, table: e.table, column: e.column, routine: e.routine,
      query: typeof query === 'string' ? query : undefined,
    };
  }
  if (err instanceof Error) return { type: err.name, message: err.message, stack: err.stack };
  return { type: typeof err };
}
