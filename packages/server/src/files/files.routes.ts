import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_IMAGE_TYPES } from '@portico/core/signup/registration-limits';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { notFound } from '../http/app-error.ts';
import { etagMatches } from '../http/etag.ts';
import type { FilesRepository } from './files.repository.ts';

/** A file's bytes never change under its uid, so browsers and proxies may keep it for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /api/v1/files/{uid}: an uploaded file (a profile image) with the content type decided from
 * its bytes at upload. nosniff keeps browsers from second-guessing that type, and the file is a
 * sandboxed document should anyone open it directly.
 */
export async function filesRoutes(app: FastifyInstance, deps: { files: FilesRepository }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/files/:uid', {
    config: { apiDocs: { binaryAnswers: { 200: { description: 'The file\'s bytes, typed from them at upload', contentTypes: PROFILE_IMAGE_TYPES } } } },
    schema: {
      tags: ['files'], summary: 'An uploaded file (profile image), served with the type checked from its bytes',
      params: z.object({ uid: uidSchema }),
      response: { 200: z.any().describe('The file\'s bytes (image/png or image/jpeg)'), 304: z.null().describe('Not modified') },
    },
  }, async (req, reply) => {
    const file = await deps.files.getPublic(req.params.uid);
    if (!file) throw notFound(`No file with Uid '${req.params.uid}'.`);
    const etag = `"${file.sha256}"`;
    void reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return reply.type(file.contentType).header('content-length', file.byteSize).send(file.bytes);
  });
}
