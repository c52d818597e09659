// Child-process entry used when the server runs from TypeScript sources (tests, tsx): registers
// tsx's loader in this process, then runs the real entry. The bundle uses dist/pglite-initdb.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-initdb.ts');
