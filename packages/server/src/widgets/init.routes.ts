import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELDS_PATTERN, selectFields } from '../http/fields.ts';
import { etagMatches, weakEtag } from '../http/etag.ts';
import { buildInitSettings, STATIC_CONFIG_PATH, type InitDeps } from './build-init-settings.ts';
import type { EventBus } from '../bus/event-bus.ts';
import { CATALOG_CHANGED } from '../catalog/catalog-events.ts';

/**
 * Both routes send the answer already serialized, so these schemas only document it (Fastify does not
 * re-serialize a string). The shape is core's InitSettings, which the widget types itself; it is not
 * spelled out as a schema here.
 */
const initAnswers = {
  200: z.unknown().describe('The startup settings as JSON: core InitSettings (packages/core/src/settings/init-settings.ts)'),
  304: z.null().describe('Not modified (If-None-Match matched the ETag)'),
};

/**
 * GET /widgets/auth/init is the widget's first call on every page view, so its
 * answer is built once, kept serialized, and dropped when the catalogue changes
 * (on this node or, through the bus, on any node).
 */
export async function initRoutes(app: FastifyInstance, deps: InitDeps & { bus: EventBus }) {
  let cached: { json: string; etag: string } | null = null;
  // A change that lands while an answer is being built must not be overwritten by that stale answer.
  let generation = 0;
  deps.bus.subscribe(CATALOG_CHANGED, () => { cached = null; generation += 1; });
  const current = async () => {
    if (cached) return cached;
    const started = generation;
    const json = JSON.stringify(await buildInitSettings(deps));
    const built = { json, etag: weakEtag(json) };
    if (started === generation) cached = built;
    return built;
  };

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/widgets/auth/init', {
    schema: {
      tags: ['widgets'],
      summary: 'Startup settings of the widget (both specs, "Settings loaded at startup")',
      querystring: z.object({ fields: z.string().max(4000).regex(FIELDS_PATTERN, 'must be a comma list of dotted field paths').optional() }),
      response: initAnswers,
    },
  }, async (request, reply) => {
    // Revalidated on every page view (no-cache): a visitor whose settings did not change gets a 304 without a body.
    const built = await current();
    const { fields } = request.query;
    const json = fields ? JSON.stringify(selectFields(JSON.parse(built.json), fields)) : built.json;
    const etag = fields ? weakEtag(json) : built.etag;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return reply.type('application/json; charset=utf-8').send(json);
  });

  r.get(STATIC_CONFIG_PATH, { schema: { tags: ['widgets'], summary: 'The same settings as a cacheable static file', response: initAnswers } }, async (request, reply) => {
    const { json, etag } = await current();
    reply.header('cache-control', `public, max-age=${deps.config.staticConfigCacheSeconds}`).header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
