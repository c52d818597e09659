import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from './config/env.ts';
import { startServer } from './start-server.ts';
import { TEST_ADMIN_KEY } from './testing/create-test-app.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portico-start-'));
const widgetDist = path.join(dataDir, 'widget');
mkdirSync(widgetDist);
writeFileSync(path.join(widgetDist, 'index.html'), '<!doctype html><title>demo</title>');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = () => readEnv({
  PORT: '0', PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORTICO_ADMIN_KEY: TEST_ADMIN_KEY,
});

describe('npm start: embedded PGlite persisted in the data folder', () => {
  it('starts on an empty folder, serves over real HTTP, and keeps data across a restart', async () => {
    const first = await startServer(env(), { widgetDist });
    expect(first.database.kind).toBe('pglite');
    const init = await fetch(`${first.url}/api/v1/widgets/auth/init`);
    expect(init.status).toBe(200);
    const created = await fetch(`${first.url}/api/v1/admin/planfamilies`, {
      method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Uid: 'fam-persisted', Name: 'Persisted' }),
    });
    expect(created.status).toBe(201);
    await first.close();

    const second = await startServer(env(), { widgetDist });
    const again = await fetch(`${second.url}/api/v1/admin/planfamilies/fam-persisted`, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { Name: string }).Name).toBe('Persisted');
    const missing = await fetch(`${second.url}/favicon.ico`);
    expect(missing.status).toBe(404);
    const root = await fetch(`${second.url}/`);
    expect(await root.text()).toContain('<title>demo</title>');
    expect(root.headers.get('content-security-policy')).toContain("script-src 'self'");
    await second.close();
  });
});
