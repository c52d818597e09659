import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the console's build lands inside the widget's dist (packages/widget/vite.console.config.ts). */
export const CONSOLE_DIR = 'console';

/**
 * The operator console (issue 20, docs/console.md "The console UI"): a single page at /console/ and its
 * hashed assets, served in production too (the console is part of the product, not of the demo). Only
 * the files of the build are answered; the page gets the strict CSP every document gets, and the
 * assets' names carry their hash, so they are cached for a year.
 */
export async function consoleAppRoutes(app: FastifyInstance, dist: string): Promise<void> {
  const root = path.join(dist, CONSOLE_DIR);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/console/', { schema: { hide: true } }, async (_req, reply) =>
      reply.code(503).type('text/plain').send('The console is not built yet: run `npm run build` (npm start does this for you).'));
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/console/',
    index: ['index.html'],
    // The widget's own registration (demo pages) owns reply.sendFile; this one only answers its prefix.
    decorateReply: false,
    // A route per built file, found at start (the build is fixed for the process's life): nothing else under
    // /console/ answers, and /console/ itself is a route (the router ignores trailing slashes, so a
    // wildcard's empty match never reached the index). The page names its assets by absolute URLs (base
    // /console/), so /console without the slash works as well.
    wildcard: false,
    preCompressed: true,
    lastModified: false,
    acceptRanges: false,
    setHeaders(reply, sentPath) {
      const file = sentPath.replace(/\.(?:br|gz)$/, '');
      reply.header('cache-control', /[\\/]assets[\\/].+-[A-Za-z0-9_-]{8,}\.(?:js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
