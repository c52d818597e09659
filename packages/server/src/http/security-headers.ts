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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', async (_request, reply) => { reply.headers(headers); });
}
