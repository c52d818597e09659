// Worker entry used when the server runs from TypeScript sources (tests, tsx): registers
// tsx's loader in this thread, then runs the real entry. The bundle uses dist/pglite-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
