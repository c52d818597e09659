import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WireFieldDefinition } from '@portico/core';
import type { EventBus } from '../bus/event-bus.ts';
import { CATALOG_CHANGED } from '../catalog/catalog-events.ts';
import { fieldsParam } from '../billing/billing.schemas.ts';
import type { fieldsRepository } from '../fields/fields.repository.ts';
import { notFound } from '../http/app-error.ts';
import { etagMatches, weakEtag } from '../http/etag.ts';

const ENTITY_TYPES = ['Person', 'Account'] as const;
type EntityType = (typeof ENTITY_TYPES)[number];

export const definitionOut = z.object({
  Uid: z.string(), EntityType: z.enum(ENTITY_TYPES), SystemName: z.string(), Label: z.string(), ControlType: z.string(),
  ControlParams: z.string().nullable(), SameAsLabel: z.string().nullable().optional(), SameAsLabelDefault: z.boolean().nullable().optional(),
  SameAsObject: z.string().nullable().optional(),
});
const listOut = z.object({ metadata: z.object({ limit: z.number(), offset: z.number(), total: z.number() }), items: z.array(definitionOut) });
// Any text up to 40 characters, so an unknown entity type is a 404 (like an unknown uid), not a 400.
const params = z.object({ entityType: z.string().max(40) });

/**
 * GET /attributes/{entityType}/definitions and /{uid} (spec 2 section 7 "Field definitions",
 * "cached"): the field definitions of Person or Account. They change only with the company's
 * configuration, so the answers are built once per entity type, kept serialized and dropped
 * when the catalogue changes (on any node, through the bus); browsers may reuse them for five
 * minutes and then revalidate with the ETag (304).
 */
export async function attributesRoutes(app: FastifyInstance, deps: { fields: Pick<ReturnType<typeof fieldsRepository>, 'definitions'>; bus: EventBus }) {
  const cache = new Map<EntityType, Promise<WireFieldDefinition[]>>();
  deps.bus.subscribe(CATALOG_CHANGED, () => cache.clear());
  const definitions = (type: string): Promise<WireFieldDefinition[]> => {
    if (!(ENTITY_TYPES as readonly string[]).includes(type)) throw notFound(`No entity type '${type}': use Person or Account.`);
    const t = type as EntityType;
    let found = cache.get(t);
    if (!found) {
      found = deps.fields.definitions(t);
      found.catch(() => cache.delete(t));
      cache.set(t, found);
    }
    return found;
  };
  const cached = { 'cache-control': 'public, max-age=300, must-revalidate' };

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attributes'];
  r.get('/api/v1/attributes/:entityType/definitions', {
    schema: { tags, summary: 'Field definitions of Person or Account (cached; ETag)', params, querystring: z.object({ fields: fieldsParam }), response: { 200: listOut, 304: z.null() } },
  }, async (req, reply) => {
    const items = await definitions(req.params.entityType);
    const body = { metadata: { limit: -1, offset: 0, total: items.length }, items };
    const etag = weakEtag(JSON.stringify(body));
    void reply.headers({ ...cached, etag });
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return body;
  });

  r.get('/api/v1/attributes/:entityType/definitions/:uid', {
    schema: {
      tags, summary: 'One field definition by Uid (cached; ETag)', params: params.extend({ uid: z.string().max(200) }),
      querystring: z.object({ fields: fieldsParam }), response: { 200: definitionOut, 304: z.null() },
    },
  }, async (req, reply) => {
    const found = (await definitions(req.params.entityType)).find((d) => d.Uid === req.params.uid);
    if (!found) throw notFound(`No ${req.params.entityType} field definition with Uid '${req.params.uid}'.`);
    const etag = weakEtag(JSON.stringify(found));
    void reply.headers({ ...cached, etag });
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return found;
  });
}
