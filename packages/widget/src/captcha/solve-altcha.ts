import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

export type AltchaChallenge = Challenge;

/**
 * The ALTCHA token the server checks: the challenge and its solution as base64 JSON, the format of
 * altcha-lib's own widget (`verifySolution` on the server takes both back out).
 */
export function altchaToken(challenge: Challenge, solution: Solution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}

function inWorker(challenge: Challenge, signal: AbortSignal): Promise<Solution | null> | null {
  let worker: Worker;
  try {
    // Browsers only start workers from the page's own origin: on a host page of another origin this
    // throws at once, and so does a CSP without our origin in worker-src. Then the main thread solves.
    worker = new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  return new Promise<Solution | null>((resolve, reject) => {
    const end = () => worker.terminate();
    signal.addEventListener('abort', () => { end(); reject(signal.reason); }, { once: true });
    worker.onmessage = (event: MessageEvent<Solution | null>) => { end(); resolve(event.data); };
    worker.onerror = (event) => { event.preventDefault(); end(); reject(new Error('captcha worker failed')); };
    worker.postMessage(challenge);
  });
}

/**
 * Solves a challenge in a Web Worker when the page allows one, else on the main thread (WebCrypto
 * digests are asynchronous and altcha-lib yields every 200 ms, so the page stays responsive).
 */
export async function solveAltcha(challenge: Challenge, signal: AbortSignal): Promise<Solution> {
  let solution: Solution | null = null;
  const worker = inWorker(challenge, signal);
  if (worker) solution = await worker.catch((err: unknown) => { if (signal.aborted) throw err; return null; });
  if (!solution) {
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(), { once: true });
    solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  }
  if (signal.aborted) throw signal.reason;
  if (!solution) throw new Error('captcha not solved in time');
  return solution;
}
