// Checks real answers against the server's own OpenAPI document: the status is documented for the
// operation, the Content-Type is one the document lists, and a JSON body matches the documented
// schema. Tests turn it on for every app they build (testing/contract-setup.ts, a setupFile of the
// server project), so a route whose answers drift from /api/docs/json fails the suite; production
// never registers it. docs/api-docs.md "Answers are checked against the document".
import type { FastifyInstance } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { FIELDS_SELECTION } from './api-docs.ts';

export interface ContractViolation {
  /** `GET /api/v1/profile` (document path), or the request's path when no route matched. */
  operation: string;
  status: number;
  problem: string;
}
export type ViolationSink = (violation: ContractViolation) => void;

let everyApp: ViolationSink | null = null;
/** Tests call it once per file (testing/contract-setup.ts): every app built afterwards checks its answers into `sink`. */
export function checkEveryAppAgainstOpenApi(sink: ViolationSink | null): void {
  everyApp = sink;
}
/** The sink the tests installed, if any (buildApp asks). */
export const contractSinkForTests = (): ViolationSink | null => everyApp;

type Json = Record<string, unknown>;
interface Operation { requestBody?: { content?: Json }; responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }> }
export interface OpenApiDocument { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Json } }

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fastify's `/api/v1/files/:uid` as the document writes it: `/api/v1/files/{uid}`. */
export const documentPath = (routeUrl: string): string => routeUrl.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

/**
 * OpenAPI 3.0 schema → JSON Schema (draft-07, what ajv reads): `nullable` becomes a `null` type
 * (or `anyOf` with null where there is no `type`), boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become the numeric form. Everything else (formats, patterns, `additionalProperties`) means the same.
 */
export function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSchemaOf(v)]));
    else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)) out[key] = jsonSchemaOf(value);
    else if (key !== 'nullable' && key !== 'exclusiveMinimum' && key !== 'exclusiveMaximum' && key !== 'example') out[key] = value;
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      out[flag] = schema[bound];
      delete out[bound];
    } else if (typeof schema[flag] === 'number') {
      out[flag] = schema[flag];
    }
  }
  if (schema.nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/** Statuses that never carry a body: Node drops one if a route sends it. */
const NO_BODY = (status: number) => status < 200 || status === 204 || status === 205 || status === 304;
const mediaOf = (contentType: string | undefined) => contentType?.split(';')[0]!.trim().toLowerCase() || undefined;
const isJsonMedia = (media: string) => media === 'application/json' || media.endsWith('+json');
const mediaMatches = (documented: string, actual: string) => {
  const d = documented.toLowerCase();
  return d === actual || d === '*/*' || (d.endsWith('/*') && actual.startsWith(d.slice(0, -1)));
};

export interface Answer {
  method: string;
  /** The request's path, for messages when no route matched. */
  path: string;
  /** The matched route's URL as declared (`/api/v1/files/:uid`); undefined when no route matched (404, 405, a bad URL). */
  routeUrl: string | undefined;
  /** The route sets `schema.hide`: it is not part of the document (health check, static files, /api/docs itself). */
  hidden: boolean;
  status: number;
  contentType: string | undefined;
  /** The payload as Fastify hands it to onSend: text or bytes, or a stream (not read). */
  body: unknown;
  /** The request's Content-Type when it had a body. */
  requestContentType: string | undefined;
  /** The request sent a non-empty `fields` query: a selection of the answer is allowed (fields.ts). */
  selectsFields: boolean;
}

/** One ajv for the process: a schema compiled for one app serves every app with the same document. */
let sharedAjv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();
function compile(root: Json): ValidateFunction {
  const text = JSON.stringify(root);
  let validate = compiled.get(text);
  if (!validate) {
    if (!sharedAjv) {
      sharedAjv = new Ajv({ strict: false, allErrors: true });
      addFormats(sharedAjv);
    }
    validate = sharedAjv.compile(root);
    compiled.set(text, validate);
  }
  return validate;
}

/** Everything an answer does that the document does not allow, as sentences; `operation` names it. */
export function contractChecker(doc: OpenApiDocument): (answer: Answer) => { operation: string; problems: string[] } | null {
  const components = { schemas: Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => [name, jsonSchemaOf(schema)])) };
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: unknown) => {
    let validate = validators.get(key);
    if (!validate) {
      // The components ride along so `#/components/schemas/...` resolves inside the compiled schema.
      validate = compile({ ...(jsonSchemaOf(schema) as Json), components });
      validators.set(key, validate);
    }
    return validate;
  };
  const errorBody = { $ref: '#/components/schemas/ErrorBody' };

  const bodyText = (body: unknown): string | null | 'stream' => {
    if (body === undefined || body === null) return null;
    if (typeof body === 'string') return body;
    if (Buffer.isBuffer(body)) return body.toString('utf8');
    return 'stream';
  };

  const checkJson = (key: string, schema: unknown, text: string, problems: string[]) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      problems.push(`the body is not JSON: ${text.slice(0, 120)}`);
      return;
    }
    const validate = validatorFor(key, schema);
    if (!validate(value)) {
      const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
      problems.push(`the body does not match the documented schema: ${errors.join('; ')}; body: ${text.slice(0, 300)}`);
    }
  };

  return (answer) => {
    if (answer.hidden) return null;
    const text = bodyText(answer.body);
    const media = mediaOf(answer.contentType);
    const problems: string[] = [];

    // No route matched (unknown path, wrong method, a URL Fastify refused): no operation, but the one error shape.
    if (answer.routeUrl === undefined) {
      const operation = `${answer.method} ${answer.path} (no route)`;
      if (answer.status < 400) problems.push('answered a success without a route');
      else if (media && isJsonMedia(media) && typeof text === 'string' && text !== '') checkJson('ErrorBody', errorBody, text, problems);
      else problems.push(`an error answer without the JSON error body (Content-Type ${answer.contentType ?? 'none'})`);
      return { operation, problems };
    }

    const path = documentPath(answer.routeUrl);
    // HEAD is the GET operation without its body (Fastify adds a HEAD route to every GET).
    const method = answer.method === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const operation = `${method.toUpperCase()} ${path}`;
    const op = doc.paths?.[path]?.[method];
    if (!op) return { operation, problems: ['the route is not in the OpenAPI document; give it schema.hide if it is not part of the API'] };

    const responses = op.responses ?? {};
    const code = String(answer.status);
    const key = code in responses ? code : `${code[0]}XX` in responses ? `${code[0]}XX` : 'default' in responses ? 'default' : null;
    if (key === null) return { operation, problems: [`status ${code} is not documented (documented: ${Object.keys(responses).join(', ')})`] };
    const response = responses[key]!;
    const content = response.content ?? {};
    const documentedTypes = Object.keys(content);

    if (NO_BODY(answer.status) || answer.method === 'HEAD') {
      // Node sends no body for these; the content type must still be a documented one, if any.
      if (media && documentedTypes.length > 0 && !documentedTypes.some((t) => mediaMatches(t, media))) problems.push(`Content-Type ${media} is not documented for ${key} (documented: ${documentedTypes.join(', ')})`);
    } else if (documentedTypes.length === 0) {
      if (text !== null && text !== '') problems.push(`answered a body (${answer.contentType ?? 'no Content-Type'}) where the document says ${key} has none`);
    } else if (!media) {
      problems.push(`answered without a Content-Type; documented for ${key}: ${documentedTypes.join(', ')}`);
    } else {
      const documented = documentedTypes.find((t) => mediaMatches(t, media));
      if (!documented) {
        problems.push(`Content-Type ${media} is not documented for ${key} (documented: ${documentedTypes.join(', ')})`);
      } else if (isJsonMedia(media)) {
        if (text === null || text === '') problems.push(`answered no body where ${key} documents ${documented}`);
        else if (text !== 'stream') {
          // Without `fields` the whole answer is due: only a call that selects may get the selection (anyOf[1]).
          const schema = content[documented]!.schema as Json | undefined;
          const whole = !answer.selectsFields && schema?.[FIELDS_SELECTION] !== undefined && Array.isArray(schema.anyOf);
          checkJson(`${operation} ${key} ${documented}${whole ? ' whole' : ''}`, whole ? (schema!.anyOf as unknown[])[0] : (schema ?? {}), text, problems);
        }
      }
    }

    // A request body the route accepted (2xx) must be of a documented type.
    const requestMedia = mediaOf(answer.requestContentType);
    const requestTypes = Object.keys(op.requestBody?.content ?? {});
    if (answer.status < 300 && requestMedia && requestTypes.length > 0 && !requestTypes.some((t) => mediaMatches(t, requestMedia))) {
      problems.push(`accepted a request body of type ${requestMedia}, which the document does not list (documented: ${requestTypes.join(', ')})`);
    }
    return { operation, problems };
  };
}

/**
 * Checks every answer of `app` against the document `app.swagger()` serves and reports each
 * violation to `sink`. Registered before @fastify/compress, so it reads the uncompressed payload.
 */
export function registerContractCheck(app: FastifyInstance, sink: ViolationSink): void {
  let check: ReturnType<typeof contractChecker> | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    check ??= contractChecker(app.swagger() as OpenApiDocument);
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const fields = (request.query as { fields?: unknown } | undefined)?.fields;
    const found = check({
      method: request.method,
      path: request.url.split('?')[0]!,
      routeUrl: request.routeOptions.url,
      hidden: Boolean((request.routeOptions.schema as { hide?: boolean } | undefined)?.hide),
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      body: payload,
      requestContentType: hasBody ? request.headers['content-type'] : undefined,
      selectsFields: typeof fields === 'string' && fields.trim() !== '',
    });
    for (const problem of found?.problems ?? []) sink({ operation: found!.operation, status: reply.statusCode, problem });
    return payload;
  });
}

/** One line per violation, for a failing test. */
export const describeViolations = (violations: readonly ContractViolation[]): string =>
  violations.map((v) => `${v.operation} → ${v.status}: ${v.problem}`).join('\n');
