/**
 * Opening a page in the e2e suite: a load that hangs is tried once more, and what it was still
 * waiting for is printed. Once in CI a demo page of the dev stack never finished loading (30 s;
 * its failure screenshot hung with it, as Playwright's does while the main resource is
 * unanswered) and nothing said which request hung. A load takes about 0.5 s here (at most
 * 0.8 s in 200 in a row under `stress --cpu 2`). test/e2e/case-run.test.ts holds it to a server
 * that leaves answers unsent.
 * @module
 */
import type { BrowserContext, Page, Request, Response } from 'playwright-core';

/** How long a page gets to load before {@link gotoOnceMore} tries once more. */
export const LOAD_MS = 15_000;

/**
 * Follows the requests of a context or page; the function returned lists those still
 * unanswered: method, address and age.
 *
 * @example
 * const unanswered = watchRequests(page);
 * console.log(unanswered()); // ['GET http://127.0.0.1:8797/widget.es.js (3.1 s)']
 */
export function watchRequests(target: BrowserContext | Page): () => string[] {
  const inFlight = new Map<Request, number>();
  target.on('request', (request) => inFlight.set(request, Date.now()));
  target.on('requestfinished', (request) => inFlight.delete(request));
  target.on('requestfailed', (request) => inFlight.delete(request));
  return () => {
    const now = Date.now();
    return [...inFlight].map(
      ([request, since]) =>
        `${request.method()} ${request.url()} (${((now - since) / 1000).toFixed(1)} s)`,
    );
  };
}

/**
 * Opens `url` in `page` and waits for its load event; resolves with the main response. A load
 * that has not come in `loadMs` is tried once more, after printing what was unanswered (the
 * page's own requests from now on, unless `unanswered` says more); a second hang throws
 * Playwright's timeout.
 *
 * @example
 * const response = await gotoOnceMore(page, url, { label: 'hosted' });
 */
export async function gotoOnceMore(
  page: Page,
  url: string,
  options: { label: string; unanswered?: () => string[]; loadMs?: number },
): Promise<Response | null> {
  const loadMs = options.loadMs ?? LOAD_MS;
  const unanswered = options.unanswered ?? watchRequests(page);
  try {
    return await page.goto(url, { timeout: loadMs });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    console.warn(
      `[${options.label}] ${url} did not load in ${loadMs / 1000} s; trying once more. ` +
        `Unanswered: ${unanswered().join(', ') || 'none'}`,
    );
    // Away first: a second goto to the same address while the first is pending is aborted.
    await page.goto('about:blank');
    return await page.goto(url, { timeout: loadMs });
  }
}
