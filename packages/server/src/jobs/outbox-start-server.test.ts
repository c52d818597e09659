import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { readEnv } from '../config/env.ts';
import { DEMO_CONFIG_PATH } from '../config/load-company-config.ts';
import { startServer } from '../start-server.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { enqueueSignupWebhook } from '../webhooks/signup-webhook.ts';

const SECRET = `whsec_${Buffer.from('start-server-webhook-secret-32b!').toString('base64')}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-outbox-'));
const received: unknown[] = [];
let receiver: Server;
let configFile: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      received.push(new Webhook(SECRET).verify(body, req.headers as Record<string, string>));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signup`;
  configFile = path.join(dir, 'company.yaml');
  writeFileSync(configFile, `${readFileSync(DEMO_CONFIG_PATH, 'utf8')}\nwebhooks:\n  signup: { url: '${url}', secretEnv: PORTICO_TEST_OUTBOX_SECRET }\n`);
  process.env.PORTICO_TEST_OUTBOX_SECRET = SECRET;
});
afterAll(async () => {
  delete process.env.PORTICO_TEST_OUTBOX_SECRET;
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start runs the outbox worker', () => {
  it('delivers a message enqueued after start-up, by its own polling, and stops with the server', { timeout: 120_000 }, async () => {
    const pg = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
    const server = await startServer(readEnv({
      PORT: '0', LOG_LEVEL: 'silent', PORTICO_CONFIG: configFile, PORTICO_DATA_DIR: path.join(dir, 'data'),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    }), { widgetDist: dir });
    try {
      await enqueueSignupWebhook(server.database.db, true, {
        Person: { Uid: 'p-1' }, Account: { Uid: 'a-1' }, Subscription: null,
      });
      const end = Date.now() + 15_000;
      while (received.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual([{ type: 'signup.created', timestamp: expect.any(String), data: { Person: { Uid: 'p-1' }, Account: { Uid: 'a-1' }, Subscription: null } }]);
    } finally {
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await pg?.drop();
    }
  });
});
