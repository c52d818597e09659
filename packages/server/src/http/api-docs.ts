import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAuth } from './route-auth.ts';

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
  return { schema: { ...schema, security: explicit ?? securityFor(input.route.config?.auth ?? 'public') } as typeof schema, url };
};

/** Whole document: an id per operation, the error responses, nullable fixed. */
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
      if (!Object.keys(responses).some((code) => code.startsWith('4'))) responses['4XX'] = errorResponse('The request was refused: see ErrorCode');
      if (!Object.keys(responses).some((code) => code.startsWith('5'))) responses['5XX'] = errorResponse('Server error');
      item[method] = { ...op, operationId, responses };
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
