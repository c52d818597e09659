import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import encodingNegotiator from '@fastify/accept-negotiator';
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.ts';

/** How long the loader may be used from cache before the browser asks again (ETag → 304). */
export const LOADER_MAX_AGE_SECONDS = 300;

/** A file name the widget build writes under chunks/ (nothing else: no path, no traversal). */
const CHUNK_NAME = /^[A-Za-z0-9_-]+\.js$/;

/** The encodings scripts/precompress.mjs writes beside each file, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

interface CodeFile {
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
  cacheControl: string;
}

export function widgetCodeCacheControl(relative: string): string {
  // Hashed chunks never change: a new build gives them new names.
  if (/^chunks\/.+-[A-Za-z0-9_-]{8,}\.js$/.test(relative)) return 'public, max-age=31536000, immutable';
  // Host pages name the loader by a fixed URL: a new release reaches them within five minutes.
  if (relative === 'portico.js') return `public, max-age=${LOADER_MAX_AGE_SECONDS}`;
  // chunks/app.js, the fixed name the loader imports: revalidated on every use.
  return 'no-cache';
}

/**
 * The widget's code (portico.js and chunks/*.js), answered from memory. Every host page's first
 * screen asks for five of these at once, cold; read from disk and streamed per request (as
 * @fastify/static does), they took ~40 ms on a busy 2-core machine against ~5 ms from memory, on the
 * critical path of a sign-up form's first screen. Each file and its precompressed copies are read on
 * first use and kept (the whole build is ~2 MB with its .br and .gz); a new build is served after a
 * restart, as a deploy does; in development (`revalidate`) a file whose size or time changed on disk is read
 * again, so `npm run build` beside a running `npm start` is served at the next page load instead of an old
 * loader asking for chunks the build removed. Same answers as before: the precompressed copy by Accept-Encoding with
 * Vary, a strong ETag (304 when it matches), the cache lifetimes above, public to any page (CORS *),
 * without the headers that only govern documents.
 */
export async function widgetCodeRoutes(app: FastifyInstance, dist: string, options: { revalidate: boolean }): Promise<void> {
  const files = new Map<string, Promise<CodeFile | null>>();
  /** With revalidate: the size and time on disk of each file kept, to notice a new build. */
  const stamps = new Map<string, string>();

  const load = async (relative: string): Promise<CodeFile | null> => {
    const file = path.join(dist, relative);
    if (!existsSync(file)) return null;
    const bodies: CodeFile['bodies'] = { identity: await readFile(file) };
    for (const encoding of ENCODINGS) {
      const copy = `${file}${SUFFIX[encoding]}`;
      if (existsSync(copy)) bodies[encoding] = await readFile(copy);
    }
    const etag = `"${createHash('sha256').update(bodies.identity!).digest('base64url').slice(0, 22)}"`;
    return { bodies, etag, cacheControl: widgetCodeCacheControl(relative) };
  };

  const fileOf = async (relative: string): Promise<CodeFile | null> => {
    if (options.revalidate) {
      const stamp = await stat(path.join(dist, relative)).then((s) => `${s.size}:${s.mtimeMs}`, () => null);
      if (stamp !== (stamps.get(relative) ?? null)) {
        files.delete(relative);
        if (stamp) stamps.set(relative, stamp); else stamps.delete(relative);
      }
    }
    let pending = files.get(relative);
    if (!pending) {
      pending = load(relative);
      files.set(relative, pending);
      // Only files that exist are kept (the build bounds them); a missing name or a failed read is
      // forgotten, so made-up names cannot fill the memory.
      const forget = () => files.delete(relative);
      pending.then((code) => code ?? forget(), forget);
    }
    return pending;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, relative: string) => {
    const code = await fileOf(relative);
    if (!code) return reply.callNotFound();
    const available = ENCODINGS.filter((e) => code.bodies[e]);
    const accept = request.headers['accept-encoding'];
    const chosen = (typeof accept === 'string' && available.length ? encodingNegotiator.negotiate(accept, available) : undefined) as Encoding | undefined;
    const encoding: Encoding = chosen && code.bodies[chosen] ? chosen : 'identity';
    const etag = encoding === 'identity' ? code.etag : `${code.etag.slice(0, -1)}-${encoding}"`;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', code.cacheControl)
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .type('application/javascript; charset=utf-8');
    const match = request.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(code.bodies[encoding]);
  };

  app.get('/portico.js', { schema: { hide: true } }, (request, reply) => send(request, reply, 'portico.js'));
  app.get<{ Params: { name: string } }>('/chunks/:name', { schema: { hide: true } }, (request, reply) => {
    const { name } = request.params;
    return CHUNK_NAME.test(name) ? send(request, reply, `chunks/${name}`) : reply.callNotFound();
  });
}
