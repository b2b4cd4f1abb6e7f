/**
 * The session's first view, fetched by the classic loader (widget.js) at the same time as the
 * module, and taken by the element's first `GET /v1/checkout/:id` when it arrives: one round
 * trip fewer before the first step on a merchant's page. The two scripts share nothing but the
 * page, so the fetches wait on `globalThis` under a registered symbol, by URL, each taken once.
 * @module
 */

const key = Symbol.for('unified-checkout.views');

function fetches(): Record<string, Promise<Response> | undefined> {
  const scope = globalThis as typeof globalThis & {
    [key]?: Record<string, Promise<Response> | undefined>;
  };
  return (scope[key] ??= {});
}

/**
 * Starts fetching the view at `url` for the element to take (the loader's side). A failure is
 * the element's to report, as when it fetches the view itself.
 *
 * @example
 * startViewFetch('https://pay.example.com/v1/checkout/cs_1');
 */
export function startViewFetch(url: string): void {
  // The element's own request for it (api.ts): no cookies, never a cached answer.
  const started = fetch(url, { credentials: 'omit', cache: 'no-store' });
  started.catch(() => undefined); // not "unhandled" while nobody has taken it yet
  fetches()[url] = started;
}

/**
 * The fetch the loader started for `url`, once (later calls fetch anew), or undefined.
 *
 * @example
 * const response = await (takeViewFetch(url) ?? fetch(url, init));
 */
export function takeViewFetch(url: string): Promise<Response> | undefined {
  const all = fetches();
  const started = all[url];
  all[url] = undefined;
  return started;
}
