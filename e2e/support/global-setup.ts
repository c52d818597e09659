import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, serverEntry, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

const REQUIRED_BUILD = [
  serverEntry,
  path.join(repoRoot, 'packages/widget/dist/portico.js'),
  path.join(repoRoot, 'packages/widget/dist/chunks/app.js'),
  path.join(repoRoot, 'packages/widget/dist/index.html'),
  path.join(repoRoot, 'packages/widget/dist/account.html'),
  path.join(repoRoot, 'packages/widget/dist/harness.html'),
  path.join(repoRoot, 'packages/widget/dist/hostile.html'),
];

/** One Portico server for the whole e2e run; nothing else is launched here. */
export default async function setup(project: TestProject) {
  const missing = REQUIRED_BUILD.filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(`The e2e suite needs a build (run \`node scripts/build.mjs\`). Missing:\n  ${missing.join('\n  ')}`);
  }
  const server = await startServer();
  project.provide('serverUrl', server.url);
  return async () => {
    await server.stop();
  };
}
