/** The one-time values a sign-in link carried; they must not travel on to the host app. */
const CONSUMED = ['confirmationToken', 'resetToken'];

export const POST_LOGIN_URL_MISSING = 'Post Login URL is not set, unable to redirect user';

/**
 * Where finishing login sends the browser (spec 2 section 4, "Finishing login"): the post-login
 * URL with the access token, the extra query values kept and confirmationToken/resetToken
 * removed. The token goes in the fragment unless the company asks for the query: a fragment is
 * never sent to the host's server, so it stays out of its logs and of Referer headers. The
 * loader on the landing page takes it out of the address at once and keeps it as the session.
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
  // searchParams re-encodes the whole query when written to, so it is written to only when needed.
  for (const [k, v] of Object.entries(o.extraQuery ?? {})) if (url.searchParams.get(k) !== v) url.searchParams.set(k, v);
  for (const k of CONSUMED) if (url.searchParams.has(k)) url.searchParams.delete(k);
  // Appended to the query or fragment as written (an anchor such as #pricing stays #pricing), so the
  // loader on that page can take exactly this part out again (loader/address-token.ts).
  const withToken = (raw: string) => [
    ...raw.replace(/^[?#]/, '').split('&').filter((part) => part && !/^access_token(=|$)/.test(part)),
    `access_token=${encodeURIComponent(accessToken)}`,
  ].join('&');
  if (o.tokenInQuery) url.search = withToken(url.search);
  else url.hash = withToken(url.hash);
  return url.toString();
}
