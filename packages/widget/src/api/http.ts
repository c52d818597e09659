/**
 * The widget's one HTTP module. Every call names a path and method of the
 * server's OpenAPI document and gets its typed answer, or rejects with an
 * ApiProblem (api-problem.ts); the transport decides whether a server or the
 * demo data answers, so screens never branch on demo mode.
 */
import { ErrorCode } from '@portico/core';
import { ApiProblem, problemFromAnswer } from './api-problem.ts';
import type { HttpMethod, Operation, OptionsArg, PathsFor, RequestOptions, ResponseBody } from './api-types.ts';
import type { ApiAnswer, Transport } from './transport.ts';

/** A call without an answer after this long is given up as a 'timeout' problem. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface ApiClient {
  request<M extends HttpMethod, P extends PathsFor<M>>(method: M, path: P, ...options: NoInfer<OptionsArg<Operation<M, P>>>): Promise<ResponseBody<Operation<M, P>>>;
}

export interface ApiClientOptions {
  transport: Transport;
  /** The bearer token for each call (read per call: it changes on login and logout). */
  token?: () => string | null;
  timeoutMs?: number;
}

const isAbort = (err: unknown) => (err as { name?: unknown } | null)?.name === 'AbortError';

export function createApiClient({ transport, token = () => null, timeoutMs = REQUEST_TIMEOUT_MS }: ApiClientOptions): ApiClient {
  async function request(method: HttpMethod, path: string, options: RequestOptions<unknown> = {}): Promise<unknown> {
    const own = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      own.abort();
    }, timeoutMs);
    const stop = () => own.abort();
    options.signal?.addEventListener('abort', stop);
    if (options.signal?.aborted) own.abort();
    const bearer = token();
    let answer: ApiAnswer;
    try {
      answer = await transport({
        method,
        path,
        pathParams: (options.path ?? {}) as Record<string, string | number>,
        query: (options.query ?? {}) as Record<string, unknown>,
        body: options.body,
        headers: { ...options.headers, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        signal: own.signal,
        ...(options.multipart ? { multipart: options.multipart } : {}),
      });
    } catch (err) {
      if (timedOut) throw new ApiProblem({ kind: 'timeout', status: 0, code: ErrorCode.Timeout });
      if (options.signal?.aborted && isAbort(err)) throw err;
      throw new ApiProblem({ kind: 'network', status: 0, code: ErrorCode.ServerUnreachable });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw problemFromAnswer(answer.status, answer.body, answer.header('Retry-After'));
  }
  return { request: request as ApiClient['request'] };
}
