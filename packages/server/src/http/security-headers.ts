import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The strict policy every response carries; the widget and demo pages are built to live within it. */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'"], imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"], fontSrc: ["'self'", 'data:'], objectSrc: ["'none'"], baseUri: ["'self'"],
    frameAncestors: ["'self'"], formAction: ["'self'"],
  },
};

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  // The loader script and its chunks are fetched by other sites' pages.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * helmet decides the header values; they are the same for every request, so they
 * are computed once at start-up and added to each reply in one call instead of
 * running helmet's middleware chain per request (the init call is on every page view).
 */
export function helmetHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) { headers[name.toLowerCase()] = String(value); },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
  };
  let failed: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => { failed = err ?? null; });
  if (failed) throw failed;
  return headers;
}

/**
 * Headers that govern a document (what it may load, frame or open) and do nothing on a script
 * loaded by a page: the widget's files go out without them (static.routes.ts), about 0.4 KB
 * less on each of the ten files of the first screen. nosniff, CORP and Referrer-Policy (which
 * a module script's own imports follow) stay. A worker script would need its CSP back.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control',
  'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
] as const;

/**
 * The policy of the pages this server serves, with Google Identity Services' documented sources
 * added when the company turns on "Sign in with Google" (its button is a script and an iframe of
 * accounts.google.com): without them the demo pages could not show the button the config asks for.
 */
export function contentSecurityPolicy(options: { google: boolean }): HelmetOptions['contentSecurityPolicy'] {
  if (!options.google) return CONTENT_SECURITY_POLICY;
  const gsi = 'https://accounts.google.com/gsi/';
  const d = CONTENT_SECURITY_POLICY.directives;
  return {
    ...CONTENT_SECURITY_POLICY,
    directives: {
      ...d,
      scriptSrc: [...d.scriptSrc, `${gsi}client`], styleSrc: [...d.styleSrc, `${gsi}style`],
      connectSrc: [...d.connectSrc, gsi], frameSrc: [gsi],
    },
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: { google: boolean } = { google: false }): void {
  const { 'strict-transport-security': hsts, ...headers } = helmetHeaders({ ...OPTIONS, contentSecurityPolicy: contentSecurityPolicy(options) });
  // HSTS means nothing over plain HTTP (browsers ignore it there, RFC 6797 §8.1), so it goes only on
  // answers to HTTPS requests: a TLS listener, or a trusted proxy's X-Forwarded-Proto (PORTICO_TRUST_PROXY).
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
  });
}
