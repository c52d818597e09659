import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import { AppError, fieldErrorsFromZod, validationError, type ZodIssueLike } from './app-error.ts';
import { fromDatabaseError, loggableError } from './database-errors.ts';

/** fastify-type-provider-zod hands each zod issue over as { keyword: code, instancePath, message, params: the rest }. */
function zodIssuesOf(validation: { keyword?: string; instancePath?: string; message?: string; params?: unknown }[]): ZodIssueLike[] {
  return validation.map((v) => ({
    // The rest of the issue (origin, format, minimum…) lets core pick the catalogue code.
    ...(v.params as Partial<ZodIssueLike> | undefined),
    code: v.keyword,
    path: (v.instancePath ?? '').split('/').filter(Boolean),
    message: v.message ?? 'Invalid value',
  }));
}

export const WWW_AUTHENTICATE = 'Bearer realm="portico"';

/** Maps Fastify's own errors (parsing, limits, routing) onto the catalogue. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // The parser also refuses __proto__ and constructor.prototype keys (prototype poisoning) and does not say which it was.
      return new AppError(ErrorCode.MalformedBody, 'The request body is not valid JSON, or has a __proto__ or constructor.prototype key.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCode.PayloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ErrorCode.UnsupportedMediaType);
    default:
      break;
  }
  if (err.statusCode === 413) return new AppError(ErrorCode.PayloadTooLarge);
  if (err.statusCode === 415) return new AppError(ErrorCode.UnsupportedMediaType);
  if (err.statusCode === 429) return new AppError(ErrorCode.TooManyRequests, err.message);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && (err as { validation?: unknown }).validation === undefined) {
    return new AppError(ErrorCode.ValidationFailed, err.message, [], err.statusCode);
  }
  return null;
}

/**
 * Fastify's `frameworkErrors`: the URL errors it finds before routing (a bad percent-encoding,
 * a path parameter over maxParamLength) otherwise get Fastify's own body, which echoes the URL.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new AppError(ErrorCode.ValidationFailed, 'A path segment is too long.', [], 414)
    : new AppError(ErrorCode.ValidationFailed, 'The URL is not valid.', [], 400);
  void reply.status(appError.status).type('application/json').send(appError.toBody());
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const prefix = err.validationContext === 'body' ? '' : `${err.validationContext}.`;
      appError = validationError(fieldErrorsFromZod(zodIssuesOf(err.validation as never), prefix));
    } else if (isResponseSerializationError(err)) {
      request.log.error({ error: loggableError(err) }, 'response did not match its schema');
      appError = new AppError(ErrorCode.SystemError);
    } else {
      const fromDatabase = fromDatabaseError(err);
      // Never `{ err }`: a database error's message lists the query's parameters (emails, names).
      if (fromDatabase) request.log.warn({ error: loggableError(err) }, 'the database refused a value that passed validation');
      appError = fromFastifyError(err) ?? fromDatabase ?? new AppError(ErrorCode.SystemError);
      if (appError.status >= 500) request.log.error({ error: loggableError(err) }, 'unhandled error');
    }
    // RFC 9110: a 401 names the scheme the client should use.
    if (appError.status === 401) reply.header('www-authenticate', WWW_AUTHENTICATE);
    void reply.status(appError.status).type('application/json').send(appError.toBody());
  });

  // A second router holding only paths and methods tells 404 (no such path) from 405 (path exists, method does not).
  const known = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || known.hasRoute(method as HTTPMethod, route.url)) continue;
      known.on(method as HTTPMethod, route.url, () => undefined);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((m) => known.find(m, path));
    // A path served by a wildcard (static files) with this very method is a plain 404.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (allowed.length > 0 && !(allowed as string[]).includes(method)) {
      const err = new AppError(ErrorCode.MethodNotAllowed, `${request.method} is not allowed on ${path}.`);
      void reply.status(405).header('allow', allowed.join(', ')).send(err.toBody());
      return;
    }
    const err = new AppError(ErrorCode.NotFound, `No route for ${request.method} ${path}.`);
    void reply.status(404).send(err.toBody());
  });
}
