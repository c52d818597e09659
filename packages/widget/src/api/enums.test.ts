import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@portico/core/geo/countries';
import { createApiClient } from './http.ts';
import type { ApiAnswer, ApiCall, Transport } from './transport.ts';
import { loadEnums } from './enums.ts';

/** A transport answering like the server would, recording each call. */
function server(answers: Record<string, (call: ApiCall) => ApiAnswer>) {
  const calls: string[] = [];
  const transport: Transport = async (call) => {
    calls.push(`${call.path}${Object.keys(call.query).length ? `?${new URLSearchParams(call.query as Record<string, string>)}` : ''}`);
    const answer = answers[call.path];
    return answer ? answer(call) : { status: 404, body: { Status: 404, ErrorCode: 'Errors.NotFound', Message: 'Not found', FieldErrors: [] }, header: () => null };
  };
  return { api: createApiClient({ transport }), calls };
}
const ok = (body: unknown): ApiAnswer => ({ status: 200, body, header: () => null });
const list = (items: unknown[]) => ok({ metadata: { limit: -1, offset: 0, total: items.length }, items });
const file = { Countries: COUNTRIES.slice(0, 2), Currencies: [{ Code: 'USD', Name: 'US Dollar', Symbol: '$', DecimalDigits: 2 }], TaxIdTypes: [] };

describe('loadEnums (spec 1 section 7: the /enums calls are a fallback after the static file)', () => {
  it('takes the static file when it answers, with no API call', async () => {
    const { api, calls } = server({ '/config/enums.json': () => ok(file) });
    expect(await loadEnums(api)).toEqual(file);
    expect(calls).toEqual(['/config/enums.json']);
  });

  it('falls back to the three list calls (limit -1, ordered by Name) when the file is missing or not the file', async () => {
    for (const staticAnswer of [undefined, () => ok({ unexpected: true })]) {
      const { api, calls } = server({
        ...(staticAnswer ? { '/config/enums.json': staticAnswer } : {}),
        '/api/v1/enums/countries': () => list(file.Countries),
        '/api/v1/enums/currencies': () => list(file.Currencies),
        '/api/v1/billing/tax/tax-id-types': () => list([{ Code: 'eu_vat', Name: 'EU VAT number' }]),
      });
      expect(await loadEnums(api)).toEqual({ ...file, TaxIdTypes: [{ Code: 'eu_vat', Name: 'EU VAT number' }] });
      expect(calls.slice(1)).toEqual([
        '/api/v1/enums/countries?limit=-1&orderBy=Name', '/api/v1/enums/currencies?limit=-1&orderBy=Name', '/api/v1/billing/tax/tax-id-types?limit=-1&orderBy=Name',
      ]);
    }
  });

  it('fails with the API problem when neither answers', async () => {
    const { api } = server({});
    await expect(loadEnums(api)).rejects.toMatchObject({ kind: 'client', status: 404 });
  });
});
