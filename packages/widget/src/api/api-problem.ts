import { ErrorCode } from '@portico/core';
import type { FieldError } from '@portico/core';
import type { DisplayError } from '../components/error-list-logic.ts';

/**
 * How a call failed, which decides what a screen can offer:
 * - network: the server could not be reached (offline, DNS, CORS) — "cannot reach the server";
 * - timeout: no answer within the time limit — worth a Retry button;
 * - rate-limited: 429, retry after `retryAfterSeconds` — not a system error;
 * - server: a 5xx — shown as Errors.SystemError;
 * - client: a 4xx — the server's catalogue code, message and field errors.
 */
export type ApiProblemKind = 'network' | 'timeout' | 'rate-limited' | 'server' | 'client';

const CATALOGUE = new Set<string>(Object.values(ErrorCode));

// Messages of the problems this module raises itself. The rest of the catalogue's English text is
// not in the first screen's JavaScript: screens translate by code once their strings are registered
// (i18n/register-error-strings.ts), and the server sends its own Message.
const OWN_MESSAGES: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.Timeout]: 'The server is taking too long to answer. Please try again.',
  [ErrorCode.ServerUnreachable]: 'Cannot reach the server. Check your connection and try again.',
  [ErrorCode.TooManyRequests]: 'Too many requests, please wait and try again.',
  [ErrorCode.SystemError]: 'A system error has occurred, please try again later.',
};
const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && CATALOGUE.has(code);

/** The one error every call rejects with (besides the caller's own abort). */
export class ApiProblem extends Error {
  readonly kind: ApiProblemKind;
  /** HTTP status; 0 when no answer arrived (network, timeout). */
  readonly status: number;
  readonly code: ErrorCode;
  readonly fieldErrors: FieldError[];
  /** From Retry-After on a 429. */
  readonly retryAfterSeconds: number | undefined;
  /** Errors.PaymentAuthenticationRequired: the intent the customer authenticates (docs/payments.md "Plan change payment"). */
  readonly clientSecret: string | undefined;

  constructor(init: { kind: ApiProblemKind; status: number; code: ErrorCode; message?: string; fieldErrors?: FieldError[]; retryAfterSeconds?: number; clientSecret?: string }) {
    super(init.message ?? OWN_MESSAGES[init.code] ?? init.code);
    this.name = 'ApiProblem';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.clientSecret = init.clientSecret;
  }

  /** What repeats the call that failed, when the one who made it can (a cached read's refetch): the error list's 'Try again'. */
  retry: (() => void) | undefined = undefined;

  /** The same problem, carrying what repeats the failed call. */
  withRetry(retry: () => void): ApiProblem {
    const copy = new ApiProblem({
      kind: this.kind, status: this.status, code: this.code, message: this.message, fieldErrors: this.fieldErrors,
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    });
    copy.retry = retry;
    return copy;
  }

  /** Trying the same call again may succeed (no answer, a rate limit, or a server failure). */
  get retryable(): boolean {
    return this.kind !== 'client';
  }
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

interface ErrorBodyLike {
  ErrorCode?: unknown;
  Message?: unknown;
  FieldErrors?: unknown;
  ClientSecret?: unknown;
}

function fieldErrorsOf(body: ErrorBodyLike | null): FieldError[] {
  if (!Array.isArray(body?.FieldErrors)) return [];
  return (body.FieldErrors as Partial<FieldError>[]).flatMap((f) =>
    typeof f?.Field === 'string' ? [{ Field: f.Field, ErrorCode: isErrorCode(f.ErrorCode) ? f.ErrorCode : ErrorCode.InvalidValue, Message: typeof f.Message === 'string' ? f.Message : '' }] : [],
  );
}

/** The one mapping from a non-2xx answer to an ApiProblem. */
export function problemFromAnswer(status: number, body: unknown, retryAfter: string | null): ApiProblem {
  const b = body && typeof body === 'object' ? (body as ErrorBodyLike) : null;
  if (status === 429) {
    const seconds = parseRetryAfter(retryAfter);
    return new ApiProblem({ kind: 'rate-limited', status, code: ErrorCode.TooManyRequests, ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}) });
  }
  if (status >= 500 || status < 400) return new ApiProblem({ kind: 'server', status, code: ErrorCode.SystemError });
  // A code this widget does not know (a newer server) still carries the server's message.
  const code = isErrorCode(b?.ErrorCode) ? b.ErrorCode : ErrorCode.UnknownError;
  const message = typeof b?.Message === 'string' && b.Message ? b.Message : undefined;
  const clientSecret = typeof b?.ClientSecret === 'string' ? b.ClientSecret : undefined;
  return new ApiProblem({ kind: 'client', status, code, ...(message ? { message } : {}), fieldErrors: fieldErrorsOf(b), ...(clientSecret ? { clientSecret } : {}) });
}

/** Anything a call threw, as an ApiProblem (a bug in our own code shows as a system error). */
export function asProblem(err: unknown): ApiProblem {
  return err instanceof ApiProblem ? err : new ApiProblem({ kind: 'server', status: 0, code: ErrorCode.SystemError });
}

/**
 * What the error list shows for a problem: the field errors of a 400 one per line,
 * else the problem's code. The server's message is kept for client errors only
 * (the list translates by code and falls back to it). `retry` (what repeats the failed
 * call; a cached read's problem carries its refetch) rides on a problem that got no answer or
 * none in time: the list offers 'Try again'.
 */
export function problemErrors(problem: ApiProblem, retry: (() => void) | undefined = problem.retry): DisplayError[] {
  if (problem.kind === 'client' && problem.fieldErrors.length > 0) {
    return problem.fieldErrors.map((f) => ({ code: f.ErrorCode, ...(f.Message ? { message: f.Message } : {}) }));
  }
  const offersRetry = retry && (problem.kind === 'network' || problem.kind === 'timeout');
  return [{ code: problem.code, ...(problem.kind === 'client' ? { message: problem.message } : {}), ...(offersRetry ? { retry } : {}) }];
}
