// A second client generator, besides openapi-typescript (the widget's types), reads the document
// and its output compiles under strict TypeScript: @hey-api/openapi-ts writes a fetch client (SDK
// functions, types, multipart serializers) as a third party would. ~15-25 s on the 2-core machines
// (generation ~4 s, tsc ~10 s). docs/api-docs.md.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@hey-api/openapi-ts';
import { openApiDocument } from '../openapi/write-openapi.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'portico-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// Calls a client user would write: typed path parameters, a multipart upload, the error shape.
const USAGE = `
import { getBillingPlansById, getFilesByUid, putProfilePhoto, postTokensLogout } from './client/index';
import type { ErrorBody } from './client/types.gen';

export async function use(photo: Blob): Promise<string[]> {
  const plan = await getBillingPlansById({ path: { id: 'basic' } });
  const names: string[] = plan.data ? [String(plan.data.Name)] : [(plan.error as ErrorBody).ErrorCode];
  // @ts-expect-error the path parameter is required
  await getFilesByUid({});
  const uploaded = await putProfilePhoto({ body: { profileImage: photo } });
  if (uploaded.data) names.push(String(uploaded.data.Uid));
  const out = await postTokensLogout();
  const nothing: unknown = out.data;
  void nothing;
  return names;
}
`;

describe('the OpenAPI document with another generator (@hey-api/openapi-ts)', () => {
  it('generates a client that compiles with strict TypeScript', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const input = path.join(dir, 'openapi.json');
    writeFileSync(input, JSON.stringify(await openApiDocument()));
    await createClient({ input, output: path.join(dir, 'client'), logs: { level: 'silent' } });
    const generated = Date.now() - started;
    writeFileSync(path.join(dir, 'usage.ts'), USAGE);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        strict: true, noUncheckedIndexedAccess: true, noImplicitOverride: true, noEmit: true, skipLibCheck: false, types: [],
      },
      include: ['client', 'usage.ts'],
    }));
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(() => '', (err: { stdout?: string; message: string }) => err.stdout || err.message);
    expect(result, 'tsc --noEmit on the generated client').toBe('');
    console.info(`generated client: ${generated} ms to generate, ${Date.now() - started - generated} ms to compile`);
  });
});
