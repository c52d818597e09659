import type { FastifyReply } from 'fastify';
import { selectFields } from '../http/fields.ts';

/**
 * Answers `value`, or its `fields` selection. A selection is sent as ready JSON
 * (a projection of the route's documented response schema, which it cannot match in full).
 */
export function sendSelected<T>(reply: FastifyReply, value: T, fields: string | undefined, status = 200): FastifyReply {
  reply.status(status);
  if (!fields) return reply.send(value);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(selectFields(value, fields)));
}

/** A paged list answer whose `fields` select inside each item; metadata is always kept. */
export function sendList<A extends { items: unknown[] }>(reply: FastifyReply, answer: A, fields: string | undefined): FastifyReply | A {
  if (!fields) return answer;
  const itemFields = fields.split(',').map((f) => `items.${f.trim()}`).concat('metadata').join(',');
  return sendSelected(reply, answer, itemFields);
}
