import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('environment', () => {
  it('has working defaults: port 3000, PGlite data folder, no admin key', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, PORTICO_DATA_DIR: '.portico-data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORTICO_ADMIN_KEY).toBeUndefined();
  });
  it('fails naming the variable when a value is bad', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ PORTICO_ADMIN_KEY: 'short' })).toThrow(/PORTICO_ADMIN_KEY: must be at least 16 characters/);
    expect(() => readEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
