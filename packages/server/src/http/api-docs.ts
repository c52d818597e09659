import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAuth } from './route-auth.ts';

/** A multipart/form-data request body, described beside (or instead of) the route's JSON body. */
export interface MultipartDoc {
  /** The part that carries the route's JSON body, encoded as application/json (same schema as the JSON body). */
  jsonPart?: string;
  /** File parts by name: what each holds and the content types accepted. */
  files: Record<string, { description: string; contentTypes: readonly string[]; required?: boolean }>;
  /** Text parts by name (issue 19: the chat upload's AgentName and documentInfo). */
  fields?: Record<string, { description: string; required?: boolean }>;
}

/** What a route's zod schemas cannot say, set in its `config.apiDocs` beside the code that does it. */
export interface RouteApiDocs {
  /** The route also (or only) reads multipart/form-data: its parser's parts. */
  multipart?: MultipartDoc;
  /** Answers that are bytes, not JSON: status → the content types served. */
  binaryAnswers?: Record<number, { description: string; contentTypes: readonly string[] }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Request bodies and answers beyond JSON, for the OpenAPI document (api-docs.ts). */
    apiDocs?: RouteApiDocs;
  }
}

/** Carries a route's `config.apiDocs` from the per-route transform to the whole-document one, which removes it. */
const ROUTE_DOCS = 'x-portico-route-docs';
/**
 * Marks the 2xx answers of operations that take the `fields` query: `anyOf[0]` is the whole answer,
 * `anyOf[1]` the same shape with nothing required (what a selection leaves). The widget's types keep
 * `anyOf[0]` (openapi-types.ts); validators accept either. docs/api-docs.md, docs/decisions.md.
 */
export const FIELDS_SELECTION = 'x-portico-fields-selection';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * camelCase id from the method and the path, minus the `/api/v1` prefix every API route shares:
 * `GET /api/v1/admin/plans/{uid}` → `getAdminPlansByUid`. It changes only when the route does,
 * so generated clients keep their method names.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path.replace(/^\/api\/v\d+(?=\/)/, '').split('/').filter(Boolean).map((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    if (param) return `By${pascal(param[1]!)}`;
    return segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(pascal).join('');
  });
  return method.toLowerCase() + words.join('');
}

/**
 * zod writes a nullable union as `{ nullable: true, anyOf: [...] }`, which OpenAPI 3.0 does not
 * define (`nullable` only qualifies a sibling `type`). Moving `nullable` into each typed member
 * says the same thing in a form tools accept.
 */
export function withNullableTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullableTypes);
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNullableTypes(v)])) as Record<string, unknown>;
  if (node.nullable !== true || 'type' in node) return node;
  const key = Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : null;
  const members = key ? (node[key] as Record<string, unknown>[]) : [];
  if (!key || !members.every((m) => typeof m === 'object' && m !== null && 'type' in m)) return node;
  const { nullable: _moved, ...rest } = node;
  return { ...rest, [key]: members.map((m) => ({ ...m, nullable: true })) };
}

/** The one error shape (docs/errors.md), answered by every route for 4xx and 5xx. */
const errorBodySchema = {
  type: 'object',
  required: ['Status', 'ErrorCode', 'Message', 'FieldErrors'],
  properties: {
    Status: { type: 'integer', example: 400 },
    ErrorCode: { type: 'string', description: 'A code of the error catalogue (docs/errors.md)', example: 'Errors.ValidationFailed' },
    Message: { type: 'string' },
    FieldErrors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['Field', 'ErrorCode', 'Message'],
        properties: { Field: { type: 'string', description: 'Dotted PascalCase path of the input' }, ErrorCode: { type: 'string' }, Message: { type: 'string' } },
      },
    },
    ClientSecret: { type: 'string', description: 'Errors.PaymentAuthenticationRequired only: the client secret of the intent the customer authenticates (docs/payments.md "Plan change payment")' },
  },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });

const securityFor = (auth: RouteAuth) => {
  if (auth === 'public') return [];
  // Either scheme (OpenAPI: alternatives are separate entries).
  if (auth === 'accessTokenOrAdminKey') return [{ accessToken: [] }, { adminKey: [] }];
  return [{ [auth]: [] }];
};

/** Per route: zod → JSON Schema, then the security scheme its guard checks (route-auth.ts). */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const explicit = (schema as { security?: unknown } | undefined)?.security;
  const routeDocs = input.route.config?.apiDocs;
  return {
    schema: { ...schema, security: explicit ?? securityFor(input.route.config?.auth ?? 'public'), ...(routeDocs ? { [ROUTE_DOCS]: routeDocs } : {}) } as typeof schema,
    url,
  };
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Statuses whose answer never has a body (RFC 9110): documented with a description and no content. */
const NO_BODY = /^(1\d\d|204|205|304)$/;
const NO_BODY_DESCRIPTIONS: Record<string, string> = { 204: 'No content', 205: 'Reset content', 304: 'Not modified' };

/**
 * The same schema with nothing required, at any depth: what an answer cut down by the `fields`
 * query can look like (fields.ts only removes properties). `$ref`s to components are inlined.
 */
export function deepPartial(schema: unknown, components: Json = {}, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((s) => deepPartial(s, components, seen));
  if (!isObject(schema)) return schema;
  const ref = typeof schema.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref !== undefined && components[ref] !== undefined && !seen.has(ref)) return deepPartial(components[ref], components, new Set([...seen, ref]));
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    if (key === 'properties' && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepPartial(v, components, seen)]));
    else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)) out[key] = deepPartial(value, components, seen);
    else out[key] = value;
  }
  return out;
}

/** 2xx answers of an operation taking `fields`: the whole answer or a selection of it. */
function withFieldSelections(op: Json, components: Json): void {
  const takesFields = Array.isArray(op.parameters) && op.parameters.some((p) => isObject(p) && p.in === 'query' && p.name === 'fields');
  if (!takesFields) return;
  for (const [code, response] of Object.entries(op.responses as Json)) {
    if (!/^2/.test(code) || !isObject(response) || !isObject(response.content)) continue;
    for (const media of Object.values(response.content)) {
      if (!isObject(media) || !isObject(media.schema)) continue;
      const full = media.schema;
      const selection = { ...(deepPartial(full, components) as Json), description: 'The answer cut down by the `fields` query: only the selected properties, none required' };
      media.schema = { anyOf: [full, selection], [FIELDS_SELECTION]: 'anyOf[0]: the whole answer; anyOf[1]: an answer to a call with `fields`' };
    }
  }
}

/** A route's `config.apiDocs`: its multipart body beside the JSON one, and answers that are bytes. */
function withRouteDocs(op: Json): void {
  const docs = op[ROUTE_DOCS] as RouteApiDocs | undefined;
  delete op[ROUTE_DOCS];
  if (!docs) return;
  if (docs.multipart) {
    const { jsonPart, files, fields = {} } = docs.multipart;
    const body = (isObject(op.requestBody) ? op.requestBody : { required: true, content: {} }) as { required?: boolean; content: Json; description?: string };
    const json = (body.content['application/json'] as { schema?: unknown } | undefined)?.schema;
    if (jsonPart && json === undefined) throw new Error(`OpenAPI: config.apiDocs.multipart names the JSON part '${jsonPart}' on ${String(op.operationId)}, which has no JSON body`);
    const properties: Json = {};
    const encoding: Json = {};
    const required: string[] = [];
    if (jsonPart) {
      properties[jsonPart] = structuredClone(json);
      encoding[jsonPart] = { contentType: 'application/json' };
      required.push(jsonPart);
    }
    for (const [name, file] of Object.entries(files)) {
      properties[name] = { type: 'string', format: 'binary', description: file.description };
      encoding[name] = { contentType: file.contentTypes.join(', ') };
      if (file.required) required.push(name);
    }
    for (const [name, field] of Object.entries(fields)) {
      properties[name] = { type: 'string', description: field.description };
      if (field.required) required.push(name);
    }
    body.content = { ...body.content, 'multipart/form-data': { schema: { type: 'object', ...(required.length ? { required } : {}), properties }, encoding } };
    op.requestBody = body;
  }
  for (const [code, answer] of Object.entries(docs.binaryAnswers ?? {})) {
    (op.responses as Json)[code] = {
      description: answer.description,
      content: Object.fromEntries(answer.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
}

/** Whole document: an id per operation, the error responses, nullable fixed, bodiless answers without content, multipart bodies and binary answers (`config.apiDocs`), `fields` selections. */
const transformObject: SwaggerTransformObject = (input) => {
  const doc = withNullableTypes('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Record<string, unknown> & { paths?: Record<string, Record<string, Record<string, unknown>>>; components?: Record<string, Record<string, unknown>> };
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operationId = (op.operationId as string | undefined) ?? operationIdFor(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      if (seen.has(operationId)) throw new Error(`OpenAPI: ${where} and ${seen.get(operationId)} share the operationId ${operationId}; set schema.operationId on one of them`);
      seen.set(operationId, where);
      const responses = { ...(op.responses as Record<string, unknown>) };
      for (const [code, response] of Object.entries(responses)) {
        if (!NO_BODY.test(code)) continue;
        const description = (response as { description?: string }).description;
        responses[code] = { description: description && description !== 'Default Response' ? description : (NO_BODY_DESCRIPTIONS[code] ?? 'No content') };
      }
      if (!Object.keys(responses).some((code) => code.startsWith('4'))) responses['4XX'] = errorResponse('The request was refused: see ErrorCode');
      if (!Object.keys(responses).some((code) => code.startsWith('5'))) responses['5XX'] = errorResponse('Server error');
      const next: Json = { ...op, operationId, responses };
      withRouteDocs(next);
      withFieldSelections(next, doc.components?.schemas ?? {});
      item[method] = next;
    }
  }
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ErrorBody: errorBodySchema } };
  return doc as ReturnType<SwaggerTransformObject>;
};

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs. `npm test` lints it
 * with Redocly's recommended rules (scripts/test.mjs, step "openapi lint"); docs/api-docs.md.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portico API', version: '1.0.0', description: 'Widget, billing and admin API of a Portico server. Amounts are in major currency units.' },
      // Relative: the server that serves this document, whatever its public address.
      servers: [{ url: '/', description: 'This Portico server' }],
      components: { securitySchemes: { adminKey: { type: 'http', scheme: 'bearer', description: 'PORTICO_ADMIN_KEY' }, accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: false } });
}
