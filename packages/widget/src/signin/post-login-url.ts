/** The one-time values a sign-in link carried; they must not travel on to the host app. */
const CONSUMED = ['confirmationToken', 'resetToken'];

export const POST_LOGIN_URL_MISSING = 'Post Login URL is not set, unable to redirect user';

/**
 * Where finishing login sends the browser (spec 2 section 4, "Finishing login"): the post-login
 * URL with the access token, the extra query values kept and confirmationToken/resetToken
 * removed. The token goes in the fragment unless the company asks for the query: a fragment is
 * never sent to the host's server, so it stays out of its logs and of Referer headers.
 * Null when no URL is set (or it is not http/https).
 */
export function postLoginRedirectUrl(
  target: string | null | undefined, accessToken: string,
  o: { tokenInQuery: boolean; extraQuery?: Record<string, string> | undefined; base?: string | undefined },
): string | null {
  if (!target || !target.trim()) return null;
  let url: URL;
  try {
    url = new URL(target.trim(), o.base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const [k, v] of Object.entries(o.extraQuery ?? {})) url.searchParams.set(k, v);
  for (const k of CONSUMED) url.searchParams.delete(k);
  if (o.tokenInQuery) {
    url.searchParams.set('access_token', accessToken);
    return url.toString();
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  hash.set('access_token', accessToken);
  url.hash = hash.toString();
  return url.toString();
}
