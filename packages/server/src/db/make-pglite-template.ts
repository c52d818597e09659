import { DEMO_CONFIG_PATH } from '../paths.ts';
import { writePgliteTemplate } from './pglite-template.ts';

const started = performance.now();
const file = await writePgliteTemplate(process.argv[2] ?? DEMO_CONFIG_PATH);
console.log(`PGlite template ready (${Math.round(performance.now() - started)} ms): ${file}`);
