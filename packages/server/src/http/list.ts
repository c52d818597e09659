import { z } from 'zod';

import { FIELDS_PATTERN } from './fields.ts';

const fields = z.string().max(4000).regex(FIELDS_PATTERN, 'must be a comma list of dotted field paths').optional();
export const fieldsQuery = z.object({ fields });

/** Paging query shared by list routes: limit -1 means every row (spec: "limit -1"). */
export const listQuery = z.object({
  limit: z.coerce.number().int().min(-1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  fields,
});
export type ListQuery = z.infer<typeof listQuery>;

export interface ListAnswer<T> {
  metadata: { limit: number; offset: number; total: number };
  items: T[];
}

export function page<T>(all: T[], query: { limit: number; offset: number }): ListAnswer<T> {
  const items = query.limit === -1 ? all.slice(query.offset) : all.slice(query.offset, query.offset + query.limit);
  return { metadata: { limit: query.limit, offset: query.offset, total: all.length }, items };
}

export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ metadata: z.object({ limit: z.number(), offset: z.number(), total: z.number() }), items: z.array(item) });
