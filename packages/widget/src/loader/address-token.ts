/**
 * The access token a finished sign-in put in this page's address (signin/post-login-url.ts:
 * `#access_token=…`, or `?access_token=…` when the company asks for the query), and the address
 * without it. Only that value is removed: every other part of the query and the fragment stays
 * exactly as written (markers such as `signed-in=1`, a `#section`), and a query or fragment left
 * empty goes entirely. Null when the address carries no access_token.
 */
export function takeAccessToken(href: string): { token: string | null; cleanHref: string } | null {
  const hashAt = href.indexOf('#');
  const head = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = head.indexOf('?');
  let token: string | null = null;
  let found = false;
  const strip = (mark: string, part: string | null): string => {
    if (part === null) return '';
    const kept = part.split('&').filter((pair) => {
      const eq = pair.indexOf('=');
      if (decode(eq < 0 ? pair : pair.slice(0, eq)) !== 'access_token') return true;
      found = true;
      const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
      // A JWT: three base64url parts. Anything else is still removed from the address, never kept.
      if (!token && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(value)) token = value;
      return false;
    });
    return kept.length ? mark + kept.join('&') : '';
  };
  const query = strip('?', queryAt < 0 ? null : head.slice(queryAt + 1));
  const hash = strip('#', hashAt < 0 ? null : href.slice(hashAt + 1));
  if (!found) return null;
  return { token, cleanHref: (queryAt < 0 ? head : head.slice(0, queryAt)) + query + hash };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
