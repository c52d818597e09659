import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fastCheckSetup = fileURLToPath(new URL('./vitest.fast-check-setup.ts', import.meta.url));

// Two cores on every machine: keep workers at 2 (shared/toolchain-notes.md).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], setupFiles: [fastCheckSetup] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/testing/global-setup.ts'],
          // contract-setup: every answer of every test app is checked against the OpenAPI document.
          setupFiles: [fastCheckSetup, 'src/testing/contract-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One worker runs many files without a fresh module graph for each: every file opens its own
          // database and app (createTestApp), and no server test mocks a module, so isolation bought
          // nothing but re-importing the app per file. Measured 2026-11-29 (same load): 7 files 182 s → 85 s;
          // the whole PGlite suite's import time 552 s → 67 s (docs/decisions.md "Server tests share workers").
          isolate: false,
        },
      },
      { test: { name: 'widget', root: 'packages/widget', include: ['src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
