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
        },
      },
      { test: { name: 'widget', root: 'packages/widget', include: ['src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
