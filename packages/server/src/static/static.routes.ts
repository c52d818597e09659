import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built loader, its chunks and the demo pages; HTML gets the strict CSP from helmet. */
export async function staticRoutes(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(dist)) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/plain').send('The widget is not built yet: run `npm run build` (npm start does this for you).'));
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: ['index.html'],
    cacheControl: true,
    maxAge: 0,
    setHeaders(reply, filePath) {
      // The loader and its chunks are public code fetched as scripts and ES modules by any host page.
      if (filePath.endsWith('.js')) reply.header('access-control-allow-origin', '*');
      // Hashed chunks never change; the loader and pages must be revalidated.
      if (/[/\\]chunks[/\\].+-[A-Za-z0-9_-]{8,}\.js$/.test(filePath)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
}
