/**
 * Request and answer types of one call, read from the generated `paths`
 * (generated/openapi.d.ts, `npm run api:types`). A route added on the server
 * becomes callable here by regenerating; nothing is written by hand per route.
 */
import type { paths } from './generated/openapi.d.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
type Defined<T> = Exclude<T, undefined>;

/** The paths that have an operation for this method. */
export type PathsFor<M extends HttpMethod> = {
  [P in keyof paths]: [Defined<paths[P][M]>] extends [never] ? never : Defined<paths[P][M]> extends { responses: unknown } ? P : never;
}[keyof paths];

export type Operation<M extends HttpMethod, P extends PathsFor<M>> = Defined<paths[P][M]>;

type ParamsOf<O> = O extends { parameters: infer X } ? X : Record<string, never>;
type Part<K extends string, T> = [Defined<T>] extends [never]
  ? { [key in K]?: never }
  : Record<string, never> extends Defined<T>
    ? { [key in K]?: Defined<T> }
    : { [key in K]: Defined<T> };

type PathPart<O> = Part<'path', ParamsOf<O> extends { path?: infer X } ? X : never>;
type QueryPart<O> = Part<'query', ParamsOf<O> extends { query?: infer X } ? X : never>;

/** The JSON body an operation takes (never when it takes none). */
export type RequestBody<O> = O extends { requestBody?: infer B }
  ? Defined<B> extends { content: { 'application/json': infer J } } ? J : never
  : never;
type BodyPart<O> = [RequestBody<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown } ? { body: RequestBody<O> } : { body?: RequestBody<O> };

/** What the caller passes: path and query parameters, the body, and a few transport options. */
export type RequestOptions<O> = PathPart<O> & QueryPart<O> & BodyPart<O> & {
  /** Cancels the call (an aborted call rejects with the AbortError, not an ApiProblem). */
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  /**
   * Send multipart/form-data instead of JSON: the body as JSON in the part `jsonPart`, plus
   * these files (a route that takes a file beside its JSON, e.g. a registration's profile image).
   */
  multipart?: Multipart;
};

export interface Multipart {
  jsonPart: string;
  files: Record<string, Blob>;
}

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
/**
 * The JSON of the first 2xx answer the operation declares; `unknown` when the route
 * declares no answer schema (e.g. the init settings, served as cached text).
 */
export type ResponseBody<O> = O extends { responses: infer R }
  ? R extends { 200: infer A } ? ([JsonOf<A>] extends [never] ? unknown : JsonOf<A>)
    : R extends { 201: infer A } ? ([JsonOf<A>] extends [never] ? unknown : JsonOf<A>)
      : undefined
  : never;

/** Options are optional when nothing in them is required. */
export type OptionsArg<O> = Record<string, never> extends Omit<RequestOptions<O>, 'signal' | 'headers' | 'multipart'>
  ? [options?: RequestOptions<O>]
  : [options: RequestOptions<O>];
