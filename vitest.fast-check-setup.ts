// `FC_RUNS=5000 npm test` soaks every property test with more generated cases
// than the default 100; CI keeps the default so its time stays predictable.
import fc from 'fast-check';

const runs = Number(process.env.FC_RUNS);
if (Number.isInteger(runs) && runs > 0) fc.configureGlobal({ numRuns: runs });
