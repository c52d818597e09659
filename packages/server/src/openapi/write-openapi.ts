// Writes the OpenAPI document the server serves at /api/docs/json to a file, so tools
// can check it without a running server: `npm test` lints it with Redocly (step
// "openapi lint"). Usage: node --import tsx packages/server/src/openapi/write-openapi.ts <out.json>
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createClock } from '../clock/server-clock.ts';
import type { Database } from '../db/database.ts';

/**
 * Building the app runs no query (start-up relies on that too), so the document needs no
 * database; one that fails loudly when touched saves the half second of opening PGlite.
 */
export const noDatabase: Database = {
  db: new Proxy({}, { get: () => { throw new Error('the OpenAPI document needs no database'); } }) as Database['db'],
  kind: 'pglite',
  migrate: async () => undefined,
  exclusive: (fn) => fn(),
  close: async () => undefined,
};

export async function openApiDocument(): Promise<unknown> {
  const app = await buildApp({ config: loadCompanyConfig(), database: noDatabase, bus: memoryBus(), clock: createClock({ adjustable: false }), adminKey: 'unused' });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}

const out = process.argv[2];
if (out && import.meta.url === new URL(process.argv[1]!, 'file://').href) {
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
