import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNTRIES } from '@portico/core/geo/countries';
import { taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { CURRENCIES } from '@portico/core/money/currencies';
import { STATIC_ENUMS_PATH, type EnumsFile } from '@portico/core/settings/enums-file';
import { listAnswer, listQuery, type ListAnswer } from '../http/list.ts';
import { etagMatches, weakEtag } from '../http/etag.ts';

const enumQuery = listQuery.extend({ orderBy: z.enum(['Name', 'Code']).default('Name') });
type EnumQuery = z.infer<typeof enumQuery>;

const countryOut = z.object({ Code: z.string(), Name: z.string(), StateRequired: z.boolean() });
const currencyOut = z.object({ Code: z.string(), Name: z.string(), Symbol: z.string(), DecimalDigits: z.union([z.literal(0), z.literal(2)]) });
const taxIdTypeOut = z.object({ Code: z.string(), Name: z.string() });
const enumsFileOut = z.object({ Countries: z.array(countryOut), Currencies: z.array(currencyOut), TaxIdTypes: z.array(taxIdTypeOut) });

/** The spec's list call: `limit -1` is every row, ordered by Name (or Code). */
function page<T extends { Code: string; Name: string }>(rows: readonly T[], q: EnumQuery): ListAnswer<T> {
  const sorted = [...rows].sort(q.orderBy === 'Name' ? (a, b) => a.Name.localeCompare(b.Name, 'en') : (a, b) => a.Code.localeCompare(b.Code));
  const items = sorted.slice(q.offset, q.limit === -1 ? undefined : q.offset + q.limit);
  return { metadata: { limit: q.limit, offset: q.offset, total: rows.length }, items };
}

/**
 * Countries, currencies and tax id types (spec 1 section 7 "Other"): static data from core, tax id
 * types from the config when it lists them. Public: the sign-up form needs them before an account exists.
 */
export async function enumsRoutes(app: FastifyInstance, deps: { taxIdTypes: { Code: string; Name: string }[]; cacheSeconds: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const taxIdTypes = taxIdTypesOrDefault(deps.taxIdTypes);

  r.get('/api/v1/enums/countries', {
    schema: { tags: ['enums'], summary: 'Countries (ISO 3166-1) for address and phone fields', querystring: enumQuery, response: { 200: listAnswer(countryOut) } },
  }, async (request) => page(COUNTRIES, request.query));

  r.get('/api/v1/enums/currencies', {
    schema: { tags: ['enums'], summary: 'Currencies (ISO 4217) with names, symbols and decimal digits', querystring: enumQuery, response: { 200: listAnswer(currencyOut) } },
  }, async (request) => page(CURRENCIES, request.query));

  r.get('/api/v1/billing/tax/tax-id-types', {
    schema: { tags: ['enums'], summary: 'Tax id types the sign-up form offers (the config\'s list, else the default list)', querystring: enumQuery, response: { 200: listAnswer(taxIdTypeOut) } },
  }, async (request) => page(taxIdTypes, request.query));

  // The three lists in one file the widget fetches first; built once, since nothing in it changes while the server runs.
  const file: EnumsFile = { Countries: [...COUNTRIES], Currencies: [...CURRENCIES], TaxIdTypes: [...taxIdTypes] };
  const json = JSON.stringify(file);
  const etag = weakEtag(json);
  // Sent already serialized: the response schemas document the file (Fastify does not re-serialize a string).
  r.get(STATIC_ENUMS_PATH, {
    schema: {
      tags: ['enums'], summary: 'Countries, currencies and tax id types as one cacheable static file',
      response: { 200: enumsFileOut, 304: z.null().describe('Not modified (If-None-Match matched the ETag)') },
    },
  }, async (request, reply) => {
    reply.header('cache-control', `public, max-age=${deps.cacheSeconds}`).header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
}
