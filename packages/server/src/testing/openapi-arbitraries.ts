import fc from 'fast-check';

/** The part of an OpenAPI 3 schema object the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  /** Security scheme names the operation requires (adminKey, accessToken); empty when public. */
  security: string[];
  body?: JsonSchema;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, { parameters?: Operation['parameters']; security?: Record<string, unknown>[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(), path, parameters: op.parameters ?? [], security: (op.security ?? []).flatMap((r) => Object.keys(r)),
    body: op.requestBody?.content?.['application/json']?.schema,
  })));
}

export const NUL = '\u0000';
/** Just under the 1 MiB body limit once quoted, so it reaches the route. */
export const MEGABYTE = 'x'.repeat(1_000_000);

/** What breaks servers: NUL, a 1 MB string, numbers past every column's range, names of Object.prototype members. */
export const hostileString = fc.constantFrom(`a${NUL}b`, NUL, MEGABYTE, '__proto__', 'constructor', 'toString', '-1', '1e309', '99999999999999999999', '', ' ', '\ud800', '%00', '💥'.repeat(50));
export const hostileNumber = fc.constantFrom(-1, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 1e-7, 1.005, 0.1);
export const hostileValue = fc.oneof(hostileString, hostileNumber, fc.constant(null), fc.constant([]), fc.constant({}), fc.boolean(), fc.array(hostileString, { maxLength: 2 }));

/** Plausible values: the seeded Uids and codes, so a request gets past "not found" to the code behind it. */
export interface Known { uids: string[]; codes: string[] }

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function plausible(schema: JsonSchema, known: Known, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return fc.oneof(...variants.map((v) => valueFor(v, known, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'date-time') return fc.constantFrom('2026-02-01T00:00:00Z', '2024-06-30T12:00:00+02:00', '1989-12-31T00:00:00Z');
      if (schema.format === 'date') return fc.constantFrom('2026-03-01', '2099-12-31', '1900-01-01');
      return fc.oneof(fc.constantFrom(...known.uids, ...known.codes), fc.string({ maxLength: 12 }));
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 50, 50) });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items ?? {}, known, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3 || !schema.properties) return fc.constant({});
      const props = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, valueFor(v, known, depth + 1)]));
      const required = (schema.required ?? []).filter((k) => k in props);
      // A required key goes missing one time in ten: that is bad input too.
      const dropped = required.length ? fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...required) }) : fc.constant(undefined);
      return fc.tuple(fc.record(props, { requiredKeys: required }), dropped).map(([value, drop]) => {
        if (drop !== undefined) delete (value as Record<string, unknown>)[drop];
        return value;
      });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** A value for a schema: plausible eight times in nine, hostile (or null) otherwise. */
export function valueFor(schema: JsonSchema, known: Known, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: plausible(schema, known, depth) }, { weight: 1, arbitrary: hostileValue });
}

/** Keys that try to reach Object.prototype, spliced into the JSON text (an object literal cannot carry `__proto__` as data). */
const protoKeys = fc.constantFrom('', '"__proto__":{"polluted":true},', '"constructor":{"prototype":{"polluted":true}},', '"__proto__":null,');

/** A JSON request body as text: schema-shaped mostly, sometimes any value, a bare string, or 100 000 nested arrays. */
export function bodyFor(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  const shaped = fc.tuple(valueFor(schema, known), protoKeys).map(([value, proto]) => {
    const text = JSON.stringify(value) ?? 'null';
    return proto && text.startsWith('{') ? `{${proto}${text.slice(1)}`.replace(',}', '}') : text;
  });
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 1, arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(`"${MEGABYTE}"`, `${'['.repeat(100_000)}${']'.repeat(100_000)}`, '{"a":', '') },
  );
}

const fieldsValue = fc.constantFrom('Uid', 'Uid,Name', '*', 'Plans.Uid', 'CurrentSubscription.*', 'Uid,,Name', 'a..b', '__proto__', 'constructor.prototype', '__proto__.polluted', `Uid${NUL}`, MEGABYTE, ' ', 'x'.repeat(5000));
const numberText = fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom('-1', '99999999999999999999', '1e309', '1.5', 'NaN', '0x10', ''));

/** A query value for one parameter: the field list gets its own good and bad lists, numbers their textual extremes. */
export function queryValueFor(name: string, schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  if (name === 'fields') return fieldsValue;
  const type = typeOf(schema);
  const good = schema.enum ? fc.constantFrom(...schema.enum.map(String))
    : type === 'integer' || type === 'number' ? numberText
      : fc.constantFrom(...known.uids, ...known.codes);
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: numberText });
}

/** encodeURIComponent throws on a lone surrogate; a URL carries it as U+FFFD, as a browser would. */
const encode = (v: string) => encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

export interface FuzzRequest { url: string; body?: string; headers: Record<string, string>; hasNul: boolean }

/** One request for an operation: path parameters, query (plus a stray key now and then), headers and body. */
export function requestFor(op: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map(() => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known.uids, ...known.codes) }, { weight: 1, arbitrary: hostileString })));
  const queryArb = fc.tuple(
    fc.tuple(...queryParams.map((p) => fc.option(queryValueFor(p.name, p.schema ?? {}, known), { nil: undefined }))),
    fc.option(fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', `k${NUL}`), { nil: undefined }),
  );
  const headerArb = fc.option(fc.constantFrom('fuzz-key-0001', 'short', 'x'.repeat(300), '__proto__'), { nil: undefined });
  const bodyArb = op.body ? bodyFor(op.body, known).map((b): string | undefined => b) : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, headerArb, bodyArb).map(([pathValues, [queryValues, strayKey], idempotencyKey, body]) => {
    let url = op.path;
    pathParams.forEach((p, i) => { url = url.replace(`{${p.name}}`, encode(pathValues[i]!)); });
    const query = queryParams.flatMap((p, i) => (queryValues[i] === undefined ? [] : [[p.name, queryValues[i]!] as const]));
    if (strayKey) query.push([strayKey, 'x']);
    if (query.length) url += `?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey && op.parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key')) headers['idempotency-key'] = idempotencyKey;
    const hasNul = [...pathValues, ...query.flat()].some((v) => v.includes(NUL)) || (body?.includes('\\u0000') ?? false);
    return { url, body, headers, hasNul };
  });
}
