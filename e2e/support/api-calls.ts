/** What a test sends straight to the server (set-up and checks, not what a user does). */
export interface ApiCallOptions { token?: string; body?: unknown; form?: Record<string, string>; admin?: boolean }

/**
 * A caller for one test file's server: a bearer token or the admin key, a JSON or form body;
 * answers `{ status, json }`. `base` is read at call time (the server starts in beforeAll).
 */
export function apiCalls(base: () => string, adminKey: string) {
  return async function api(method: string, path: string, opts: ApiCallOptions = {}) {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.admin) headers.authorization = `Bearer ${adminKey}`;
    let body: string | undefined;
    if (opts.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(opts.form).toString(); }
    else if (opts.body !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(opts.body); }
    const res = await fetch(new URL(path, base()), { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whichever answer it asked for
    return { status: res.status, json: (text ? JSON.parse(text) : null) as any };
  };
}
