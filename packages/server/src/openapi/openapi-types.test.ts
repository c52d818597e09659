import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OpenAPI3 } from 'openapi-typescript';
import { WIDGET_API_TYPES_FILE, widgetApiTypes, widgetDocument } from './openapi-types.ts';
import { openApiDocument } from './write-openapi.ts';

describe('the widget API types (packages/widget/src/api/generated/openapi.d.ts)', () => {
  it('match the routes: after changing a route schema, run npm run api:types', async () => {
    const generated = await widgetApiTypes();
    const checkedIn = readFileSync(WIDGET_API_TYPES_FILE, 'utf8');
    // toBe shows the diff; the message says how to fix it.
    expect(checkedIn, 'The widget API types are stale: run npm run api:types and commit the file').toBe(generated);
  });

  it('leave out the admin API and do not depend on the order routes were registered in', async () => {
    const doc = (await openApiDocument()) as OpenAPI3;
    const paths = Object.keys(widgetDocument(doc).paths ?? {});
    expect(paths).toContain('/api/v1/billing/subscriptions/compute-charge-summary');
    expect(paths.some((p) => p.startsWith('/api/v1/admin/'))).toBe(false);
    const reversed = { ...doc, paths: Object.fromEntries(Object.entries(doc.paths ?? {}).reverse()) };
    expect(await widgetApiTypes(reversed)).toBe(await widgetApiTypes(doc));
  });
});
