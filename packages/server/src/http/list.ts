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

/** What a repository is asked for: the database does the paging (LIMIT/OFFSET) and counts the whole. */
export interface PageRequest {
  /** -1: every row from the offset on. */
  limit: number;
  offset: number;
}

/** One page of rows and the number of rows the filter matches. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface ListAnswer<T> {
  metadata: { limit: number; offset: number; total: number };
  items: T[];
}

/** A page from a repository as the list answer, items mapped to the wire. */
export function listOf<S, T>(page: Page<S>, query: PageRequest, toWire: (item: S) => T): ListAnswer<T> {
  return { metadata: { limit: query.limit, offset: query.offset, total: page.total }, items: page.items.map(toWire) };
}

export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ metadata: z.object({ limit: z.number(), offset: z.number(), total: z.number() }), items: z.array(item) });
