import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.ts';

/** How long the loader may be used from cache before the browser asks again (ETag → 304). */
export const LOADER_MAX_AGE_SECONDS = 300;

function cacheControl(file: string): string {
  // Hashed chunks never change: a new build gives them new names.
  if (/[/\\]chunks[/\\].+-[A-Za-z0-9_-]{8,}\.js$/.test(file)) return 'public, max-age=31536000, immutable';
  // Host pages name the loader by a fixed URL: a new release reaches them within five minutes.
  if (/[/\\]portico\.js$/.test(file)) return `public, max-age=${LOADER_MAX_AGE_SECONDS}`;
  // chunks/app.js (the fixed name the loader imports) and the pages: revalidated on every use.
  return 'no-cache';
}

/** The widget's code: the loader and its chunks. Everything else in dist is a demo page. */
const WIDGET_CODE = /^\/(?:portico\.js|chunks\/[^/]+\.js)$/;

/**
 * Serves the built loader, its chunks and, unless `serveDemo` is false (production), the demo
 * pages; HTML gets the strict CSP from helmet.
 */
export async function staticRoutes(app: FastifyInstance, dist: string, opts: { serveDemo: boolean } = { serveDemo: true }): Promise<void> {
  if (!existsSync(dist)) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain').send('The widget is not built yet: run `npm run build` (npm start does this for you).'));
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: opts.serveDemo ? ['index.html'] : false,
    ...(opts.serveDemo ? {} : { allowedPath: (pathName: string) => WIDGET_CODE.test(pathName) }),
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
      const file = sentPath.replace(/\.(?:br|gz)$/, '');
      // The loader and its chunks are public code fetched as scripts and ES modules by any host page.
      if (file.endsWith('.js')) {
        reply.header('access-control-allow-origin', '*');
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      }
      reply.header('cache-control', cacheControl(file));
    },
  });
}
