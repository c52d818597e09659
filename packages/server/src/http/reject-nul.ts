import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@portico/core';
import { ErrorCode } from '@portico/core';
import { fieldError, validationError } from './app-error.ts';

const NUL = '\u0000';
const MAX_REPORTED = 20;
const MESSAGE = 'must not contain a NUL character';

/**
 * Paths (dotted, as in FieldErrors) of every string or key holding NUL. Walks with its own
 * stack: a 1 MB body of nested arrays is valid JSON and would overflow a recursive walk.
 */
export function nulPaths(value: unknown, prefix: string): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, prefix]];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) found.push(path || '(body)');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) if (v[i] !== null && typeof v[i] !== 'number' && typeof v[i] !== 'boolean') stack.push([v[i], join(path, i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v).reverse()) {
        // The key itself is data too (a record's keys are stored as given); name it readably.
        if (key.includes(NUL)) found.push(join(path, key.replaceAll(NUL, '\\u0000')));
        else stack.push([(v as Record<string, unknown>)[key], join(path, key)]);
      }
    }
  }
  return found;
}

/**
 * PostgreSQL text cannot hold NUL (0x00): a value carrying one used to reach the database
 * and fail there as a 500. Every route rejects it before its schema runs, with a field error
 * naming where it was (`params.code`, `querystring.fields`, `Name`).
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = [
      ...nulPaths(request.params, 'params'),
      ...nulPaths(request.query, 'querystring'),
      ...nulPaths(request.body, ''),
    ].slice(0, MAX_REPORTED).map((path) => fieldError(path, ErrorCode.InvalidValue, MESSAGE));
    if (errors.length > 0) throw validationError(errors);
  });
}
