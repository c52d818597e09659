import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.ts';
import { consoleAppRoutes } from './console-app.ts';
import { widgetCodeRoutes } from './widget-code.ts';

export { LOADER_MAX_AGE_SECONDS } from './widget-code.ts';

/**
 * Serves the built loader and its chunks (from memory, widget-code.ts), the operator console (console-app.ts) and, unless `serveDemo` is
 * false (production), the demo pages; HTML gets the strict CSP from helmet.
 */
export async function staticRoutes(app: FastifyInstance, dist: string, opts: { serveDemo: boolean } = { serveDemo: true }): Promise<void> {
  if (!existsSync(dist)) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain').send('The widget is not built yet: run `npm run build` (npm start does this for you).'));
    return;
  }
  // Development (the demo pages on) notices a rebuild of the widget under the running server.
  await widgetCodeRoutes(app, dist, { revalidate: opts.serveDemo });
  await consoleAppRoutes(app, dist);
  // Production serves the widget's code only: the routes above answer it.
  if (!opts.serveDemo) return;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: ['index.html'],
    // scripts/precompress.mjs wrote name.br and name.gz beside each file at build time: sent as they are
    // by Accept-Encoding (with Vary: Accept-Encoding), the plain file otherwise.
    preCompressed: true,
    cacheControl: true,
    maxAge: 0,
    // The ETag alone revalidates; Last-Modified and Accept-Ranges would add ~65 bytes to each of the
    // first screen's ten answers for nothing (nobody asks for part of a script).
    lastModified: false,
    acceptRanges: false,
    setHeaders(reply, sentPath) {
      // The demo's own scripts are fetched by its pages like the widget's code.
      if (sentPath.replace(/\.(?:br|gz)$/, '').endsWith('.js')) {
        reply.header('access-control-allow-origin', '*');
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      }
      // The pages and the demo's files: revalidated on every use.
      reply.header('cache-control', 'no-cache');
    },
  });
}
