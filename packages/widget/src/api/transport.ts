import type { HttpMethod, Multipart } from './api-types.ts';

/**
 * One call as the client hands it to a transport: the path template as the
 * OpenAPI document names it ('/api/v1/public/billing/discountcoupons/{code}'),
 * so the demo transport answers by route without parsing URLs.
 */
export interface ApiCall {
  method: HttpMethod;
  path: string;
  pathParams: Readonly<Record<string, string | number>>;
  query: Readonly<Record<string, unknown>>;
  body: unknown;
  headers: Readonly<Record<string, string>>;
  signal: AbortSignal;
  multipart?: Multipart;
}

/** An answer: status, parsed JSON body (undefined when empty) and a header reader. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  header(name: string): string | null;
}

/** Rejects only when no answer arrived (network failure, abort). */
export type Transport = (call: ApiCall) => Promise<ApiAnswer>;

/** '/x/{code}' + { code: 'A B' } -> '/x/A%20B'; query values that are null or undefined are left out. */
export function callUrl(server: string, call: Pick<ApiCall, 'path' | 'pathParams' | 'query'>): string {
  const path = call.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = call.pathParams[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${call.path}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${server}${path}${qs ? `?${qs}` : ''}`;
}

/** The browser's fetch against a Portico server. Cookies are never sent: auth is the bearer token. */
export function fetchTransport(server: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Transport {
  return async (call) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    let body: BodyInit | undefined;
    if (call.multipart) {
      // The browser writes the multipart Content-Type with its boundary.
      const form = new FormData();
      form.append(call.multipart.jsonPart, JSON.stringify(call.body ?? {}));
      for (const [name, file] of Object.entries(call.multipart.files)) form.append(name, file);
      body = form;
    } else if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const res = await fetchImpl(callUrl(server, call), {
      method: call.method.toUpperCase(),
      headers,
      credentials: 'omit',
      signal: call.signal,
      ...(body !== undefined ? { body } : {}),
    });
    return answerOf(res);
  };
}

/** A fetch Response as an answer: its JSON body (undefined when empty or not JSON) and a header reader. */
export async function answerOf(res: Response): Promise<ApiAnswer> {
  const text = await res.text();
  let answer: unknown;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: the status still tells what happened.
    answer = undefined;
  }
  return { status: res.status, body: answer, header: (name) => res.headers.get(name) };
}
