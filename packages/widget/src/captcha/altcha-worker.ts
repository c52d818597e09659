/// <reference lib="webworker" />
/**
 * The ALTCHA proof-of-work, off the page's main thread: receives a challenge, answers with the
 * solution (or null when it could not be found in time). Bundled by Vite as its own file.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<Challenge>) => {
  void solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 })
    .then((solution) => scope.postMessage(solution), () => scope.postMessage(null));
};
