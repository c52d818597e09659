import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { seedFromConfig } from '../config/seed-from-config.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { openDatabase, type Database } from './database.ts';

const url = process.env.TEST_DATABASE_URL;
const config = loadCompanyConfig();
const startUp = (db: Database) => db.exclusive(async () => {
  await db.migrate();
  await seedFromConfig(db.db, config);
});

async function emptyPostgresDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portico_lock_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe(`start-up work runs one node at a time (${url ? 'PostgreSQL advisory lock' : 'PGlite: in-process; set TEST_DATABASE_URL for PostgreSQL'})`, () => {
  it('two nodes starting at once on an empty database both come up, with migrations and seed applied once', async () => {
    if (url) {
      const fresh = await emptyPostgresDatabase(url);
      const nodes = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
      try {
        await Promise.all(nodes.map(startUp));
        expect((await catalogRepository(nodes[1]!.db).listPlans()).length).toBe(config.plans.length);
      } finally {
        await Promise.all(nodes.map((n) => n.close()));
        await fresh.drop();
      }
    } else {
      const db = await openDatabase({});
      try {
        await Promise.all([startUp(db), startUp(db)]);
        expect((await catalogRepository(db.db).listPlans()).length).toBe(config.plans.length);
      } finally {
        await db.close();
      }
    }
  });

  it('exclusive sections never overlap and a failing one does not block the next', async () => {
    const db = url ? await openDatabase({ url }) : await openDatabase({});
    try {
      const events: string[] = [];
      const section = (name: string, fail = false) => db.exclusive(async () => {
        events.push(`${name}:in`);
        await new Promise((r) => setTimeout(r, 30));
        events.push(`${name}:out`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
      const results = await Promise.allSettled([section('a', true), section('b'), section('c')]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      for (let i = 0; i < events.length; i += 2) expect(events[i]!.split(':')[0]).toBe(events[i + 1]!.split(':')[0]);
    } finally {
      await db.close();
    }
  });
});
