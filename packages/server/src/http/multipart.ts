import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '@portico/core';
import { AppError } from './app-error.ts';

/**
 * The one way a route reads multipart/form-data (docs/decisions.md "Malformed multipart is a 400").
 * Every multipart route registers the plugin with `acceptMultipart` and reads the whole form with
 * the reader it returns, so whatever is wrong with the body — no or a wrong boundary, a body cut
 * short, a part without a name, too many parts, a JSON part that is not JSON — is one
 * 400 `Errors.MalformedBody` in the one error shape, never busboy's error reaching the handler as a 500.
 */

/** What one multipart route accepts; busboy enforces it while streaming. */
export interface MultipartLimits {
  /** File parts at most. */
  files: number;
  /** Bytes of one file; busboy stops reading there and marks the file truncated (the route answers FileTooLarge). */
  fileSize: number;
  /** Non-file parts at most. */
  fields: number;
  /** Bytes of one non-file part; a longer value is cut and marked truncated. */
  fieldSize: number;
  /** Parts of any kind at most. */
  parts: number;
}

/**
 * What one part's header block may hold: header lines and bytes. busboy ignores what comes past
 * either bound (it costs no memory); a part whose Content-Disposition lies past it has no name
 * and is not seen, so the route reports the part it needs as missing.
 */
export const MULTIPART_HEADER_PAIRS = 50;
export const MULTIPART_HEADER_BYTES = 8 * 1024;

export interface FilePart {
  type: 'file';
  name: string;
  /** The browser's name for the file (never trusted for the type). */
  filename: string;
  /** The bytes received, cut at `fileSize`. */
  bytes: Buffer;
  truncated: boolean;
}

export interface FieldPart {
  type: 'field';
  name: string;
  /** The text of the part (a part declared application/json is given back as its text too). */
  value: string;
  truncated: boolean;
}

export type FormPart = FilePart | FieldPart;

/** Reads every part of a multipart request into memory (bounded by the limits), or throws a 400. */
export type MultipartReader = (request: FastifyRequest) => Promise<FormPart[]>;

const malformed = (detail: string) => new AppError(ErrorCode.MalformedBody, `The multipart/form-data body is malformed: ${detail}`);

/** An error met while reading the body, as the client's mistake it is. */
function fromReadError(err: unknown, limits: MultipartLimits): AppError {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'FST_PARTS_LIMIT': return malformed(`at most ${limits.parts} parts are accepted.`);
    case 'FST_FILES_LIMIT': return malformed(`at most ${limits.files} file part${limits.files === 1 ? ' is' : 's are'} accepted.`);
    case 'FST_FIELDS_LIMIT': return malformed(`at most ${limits.fields} non-file part${limits.fields === 1 ? ' is' : 's are'} accepted.`);
    case 'FST_PROTO_VIOLATION': return malformed('a part has a name that is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR': return malformed('a part declared as application/json is not valid JSON.');
    case 'FST_MP_PREMATURE_CLOSE': return malformed('the body ended before its closing boundary.');
    default: break;
  }
  if (/boundary/i.test(message)) return malformed('the Content-Type has no usable boundary (multipart/form-data; boundary=…).');
  if (/unexpected end|terminated early/i.test(message)) return malformed('the body ended before its closing boundary (or does not use the boundary its Content-Type names).');
  return malformed('it could not be parsed.');
}

/**
 * Registers @fastify/multipart in this scope with the route's limits and returns the reader. Files
 * past `fileSize` are cut and marked truncated rather than thrown (throwFileSizeLimit: false), so the
 * route can answer its own FileTooLarge on the file's field.
 */
export async function acceptMultipart(scope: FastifyInstance, limits: MultipartLimits): Promise<MultipartReader> {
  // busboy reads `headerSize` too; @fastify/multipart passes limits through but does not type it.
  const busboyLimits = { ...limits, headerPairs: MULTIPART_HEADER_PAIRS, headerSize: MULTIPART_HEADER_BYTES };
  await scope.register(multipart, { throwFileSizeLimit: false, limits: busboyLimits });
  return async (request) => {
    const parts: FormPart[] = [];
    try {
      for await (const part of request.parts()) {
        // busboy hands over a part whose Content-Disposition names no field with an undefined name.
        if (typeof part.fieldname !== 'string' || part.fieldname === '') {
          if (part.type === 'file') part.file.resume();
          throw malformed('every part needs a name (Content-Disposition: form-data; name="…").');
        }
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          parts.push({ type: 'file', name: part.fieldname, filename: part.filename ?? '', bytes, truncated: part.file.truncated });
        } else {
          // A part sent as application/json arrives parsed; the route reads every part as text.
          const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          parts.push({ type: 'field', name: part.fieldname, value, truncated: part.valueTruncated });
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      request.log.info({ reason: err instanceof Error ? err.message : String(err) }, 'malformed multipart body');
      throw fromReadError(err, limits);
    }
    return parts;
  };
}
