import type { Page } from 'playwright-core';

export interface Transfer {
  /** The step of the visit that was under way when the response finished. */
  step: string;
  path: string;
  type: string;
  status: number;
  contentEncoding: string;
  /** Response headers + body as they came over the wire (compressed when the server compressed them). */
  transferredBytes: number;
  bodyBytes: number;
}

/**
 * Records every response a page receives with the bytes Chromium actually received
 * (request.sizes(), not the decoded size), tagged with the current `step`. Used by the
 * page-weight e2e test and bench/bundle-size.mjs.
 */
export function recordTransfers(page: Page) {
  const log: Transfer[] = [];
  const pending: Promise<void>[] = [];
  const recorder = {
    step: 'first screen',
    /** Waits until the network has been idle for 500 ms and every finished response is measured. */
    async settle(): Promise<void> {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
    },
    of: (step: string): Transfer[] => log.filter((t) => t.step === step),
  };
  page.on('requestfinished', (request) => {
    const step = recorder.step;
    pending.push((async () => {
      const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
      const url = new URL(request.url());
      log.push({
        step,
        path: url.pathname + url.search,
        type: request.resourceType(),
        status: response?.status() ?? 0,
        contentEncoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        transferredBytes: sizes.responseHeadersSize + sizes.responseBodySize,
        bodyBytes: sizes.responseBodySize,
      });
    })());
  });
  return recorder;
}

export const totalBytes = (transfers: readonly Transfer[]): number => transfers.reduce((s, t) => s + t.transferredBytes, 0);
