import type { FastifyInstance } from 'fastify';

/**
 * The spec's `fields` query parameter: a comma list of dotted paths choosing
 * what an answer returns, e.g. `Uid,CurrentSubscription.Plan.Uid` or `Plans.*`.
 * `*` at a level takes that level's plain values (not nested objects); a path
 * that stops at an object takes the whole object. Lists are projected item by item.
 */
export interface FieldTree {
  star: boolean;
  children: Map<string, FieldTree | true>;
}

export const FIELDS_PATTERN = /^\s*(\*|[A-Za-z_][A-Za-z0-9_]*)(\.(\*|[A-Za-z_][A-Za-z0-9_]*))*\s*(,\s*(\*|[A-Za-z_][A-Za-z0-9_]*)(\.(\*|[A-Za-z_][A-Za-z0-9_]*))*\s*)*$/;

export function parseFields(spec: string): FieldTree {
  const root: FieldTree = { star: false, children: new Map() };
  for (const raw of spec.split(',')) {
    const parts = raw.trim().split('.');
    let node = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i]!;
      if (part === '*') {
        node.star = true;
        break;
      }
      const existing = node.children.get(part);
      // A bare `Plan` already takes the whole Plan: deeper paths add nothing.
      if (existing === true) break;
      if (i === parts.length - 1) {
        node.children.set(part, true);
        break;
      }
      if (existing === undefined) {
        const child: FieldTree = { star: false, children: new Map() };
        node.children.set(part, child);
        node = child;
      } else {
        node = existing;
      }
    }
  }
  return root;
}

const isPlain = (v: unknown) => v === null || typeof v !== 'object' || v instanceof Date;

export function project(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (tree.star) {
    for (const [k, v] of Object.entries(source)) {
      if (isPlain(v) || (Array.isArray(v) && v.every(isPlain))) out[k] = v;
    }
  }
  for (const [k, sub] of tree.children) {
    // Own keys only: `fields=constructor` or `__proto__.x` must not reach Object.prototype.
    if (!Object.hasOwn(source, k) || k === '__proto__') continue;
    out[k] = sub === true ? source[k] : project(source[k], sub);
  }
  return out;
}

/** Applies an optional fields parameter to an answer. */
export function selectFields<T>(value: T, fields: string | undefined): T | unknown {
  if (!fields || fields.trim() === '') return value;
  return project(value, parseFields(fields));
}

const isListAnswer = (v: object): v is { metadata: unknown; items: unknown[] } =>
  'metadata' in v && 'items' in v && Array.isArray((v as { items: unknown }).items);

/** Routes whose querystring schema declares `fields` (others ignore a stray one). */
const takesFields = (schema: unknown) => Boolean((schema as { shape?: Record<string, unknown> } | undefined)?.shape?.fields);

/**
 * Applies `fields` to every route that declares it, in one place, the same way in every mode:
 * routes return the whole answer; when `checkWholeAnswer` is on (development, tests) the
 * route's response schema checks that whole answer first, then the selection is sent as
 * plain JSON, since a selection cannot match the full schema it was cut from. A list answer
 * (`{ metadata, items }`) keeps its metadata and selects inside each item.
 */
export function registerFieldSelection(app: FastifyInstance, { checkWholeAnswer }: { checkWholeAnswer: boolean }): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const fields = (request.query as { fields?: unknown } | undefined)?.fields;
    if (typeof fields !== 'string' || fields.trim() === '' || reply.statusCode >= 300) return payload;
    if (payload === null || typeof payload !== 'object' || !takesFields(request.routeOptions.schema?.querystring)) return payload;
    if (checkWholeAnswer) reply.getSerializationFunction(String(reply.statusCode))?.(payload as Record<string, unknown>);
    const tree = parseFields(fields);
    const selected = isListAnswer(payload) ? { ...payload, items: payload.items.map((i) => project(i, tree)) } : project(payload, tree);
    reply.serializer(JSON.stringify);
    return selected;
  });
}
