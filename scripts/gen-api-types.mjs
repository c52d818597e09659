// `npm run api:types`: writes packages/widget/src/api/generated/openapi.d.ts from the
// server's OpenAPI document. Run it after changing a route's schema; the server test
// openapi/openapi-types.test.ts fails until you do. Runs under `node --import tsx`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WIDGET_API_TYPES_FILE, widgetApiTypes } from '../packages/server/src/openapi/openapi-types.ts';

const text = await widgetApiTypes();
mkdirSync(path.dirname(WIDGET_API_TYPES_FILE), { recursive: true });
writeFileSync(WIDGET_API_TYPES_FILE, text);
console.log(`wrote ${path.relative(process.cwd(), WIDGET_API_TYPES_FILE)} (${text.length} characters)`);
