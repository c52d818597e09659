import { createHash } from 'node:crypto';

/**
 * A weak validator of a JSON text: weak because the same text goes out brotli-, gzip- or
 * un-compressed (@fastify/compress), and a strong ETag would have to differ per encoding.
 */
export function weakEtag(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** RFC 9110 §13.1.2 If-None-Match: `*` or a comma list of tags, compared weakly (W/ ignored). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
