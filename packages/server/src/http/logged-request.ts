import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (issue 19: the chat's files take `access_token` and `uvi` in the URL, as an <img src> cannot send a header). */
const CREDENTIAL_PARAMS = /([?&](?:access_token|uvi)=)[^&#]*/gi;

/** A request URL as a log line may show it: credentials in the query replaced by `…`. */
export const redactedUrl = (url: string): string => url.replace(CREDENTIAL_PARAMS, '$1…');

/** Fastify's request log fields (its default serializer's), with the URL redacted. */
export function loggedRequest(req: FastifyRequest) {
  return { method: req.method, url: redactedUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
