/**
 * Time to the widget's first interactive step on a slow phone: the hosted checkout page
 * (`checkout_url`, `/pay/:id`), the same page with JavaScript disabled (its plain HTML form,
 * {@link loadNoJs}) and the demo shop's page (`/demo/?session=…`, a merchant page that mounts
 * the widget) side by side in the same run, same stack, same browser.
 *
 * Each load is a first visit (a new browser context: empty cache, new connections) in Debian's
 * Chromium through playwright-core, with the CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`)
 * and a slow 3G link (CDP `Network.emulateNetworkConditions`: 400 kbit/s each way, 400 ms
 * round trip). The clock is the page's own (`performance.now()`, zero at navigation start). The
 * first step is the first one that takes input, whoever rendered it: the server's render of it
 * (the hosted page's `#uc-nojs`, visible and with its controls when the document is parsed;
 * ready once parsed and painted, the later of `domInteractive` and `first-contentful-paint`, as
 * {@link loadNoJs}), or the widget's, when it dispatches its first `checkout-step` away from
 * `loading` (after the step has rendered with its controls live; on the hosted page the widget
 * takes over from the server's step then: `*_widget_step_ms_p50`). Loads alternate so drift in
 * the machine's load falls on both. Bytes are what crossed the link (Resource Timing's
 * `transferSize`: headers and body as sent) for responses that ended before that moment.
 *
 * `node bench/first-step.mjs [runs]` measures this phase alone (9 loads of each page unless
 * told) against a stack it starts and stops, and prints the figures; build the widget first.
 * @module
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';
import { createSession } from './lib/api.mjs';
import { median, round } from './lib/stats.mjs';

/** The emulated link: slow 3G as the issue states it. */
export const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

/** The emulated CPU: 4× slower than the machine. */
export const CPU_SLOWDOWN = 4;

const RECORD_FIRST_STEP = `
  window.addEventListener('checkout-step', (event) => {
    if (window.__ucFirstStep || event.detail.step === 'loading') return;
    window.__ucFirstStep = { at: performance.now(), step: event.detail.step };
  });
  // The server's render of the step (the hosted page's #uc-nojs): whether it is on screen and
  // takes input once the document is parsed (domInteractive), before any module has run.
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const card = document.getElementById('uc-nojs');
    window.__ucServerStep = {
      usable: !!card && card.checkVisibility({ visibilityProperty: true }) &&
        !!card.querySelector('input:not([type=hidden]), button, a[href]'),
      step: card?.getAttribute('data-step') ?? '',
    };
  });
`;

/**
 * One cold load of `url` under the emulated phone; answers the first step's time and the bytes.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_FIRST_STEP);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__ucFirstStep, null, { timeout: 60_000, polling: 50 });
    // Resource Timing, on the page's clock: what had arrived when the first step showed.
    const { at, step, by, widgetAt, arrived } = await page.evaluate(() => {
      const widget = window.__ucFirstStep;
      const server = window.__ucServerStep;
      // The server's step takes input once parsed and painted (as without JavaScript, below).
      const nav = /** @type {PerformanceNavigationTiming} */ (
        performance.getEntriesByType('navigation')[0]
      );
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const serverAt =
        server?.usable && fcp !== undefined ? Math.max(nav.domInteractive, fcp) : Infinity;
      const first =
        serverAt < widget.at
          ? { at: serverAt, step: server.step, by: 'server' }
          : { ...widget, by: 'widget' };
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ];
      return {
        ...first,
        widgetAt: widget.at,
        arrived: entries
          .filter((e) => e.responseEnd > 0 && e.responseEnd <= first.at)
          .map((e) => ({
            path: new URL(e.name).pathname,
            bytes: e.transferSize,
            end: e.responseEnd,
          })),
      };
    });
    // The widget's files: the loader widget.js, the module widget.es.js and its chunks.
    const widget = arrived.filter((e) => /^\/widget(\.js|\.es\.js|\/[^/]+\.js)$/.test(e.path));
    const widgetBytes = widget.reduce((sum, e) => sum + e.bytes, 0);
    const ended = (test) => arrived.find((e) => test(e.path))?.end ?? NaN;
    return {
      ms: at,
      by,
      widgetMs: widgetAt,
      // Where the time went: the page's own response, then the widget's last file, then running it.
      htmlEnd: ended((path) => !/\.(js|css|svg|png)$/.test(path)),
      widgetEnd: widget.length > 0 ? Math.max(...widget.map((e) => e.end)) : NaN,
      step,
      widgetBytes,
      pageBytes: arrived.reduce((sum, e) => sum + e.bytes, 0),
      requests: arrived.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * One cold load of the hosted page with JavaScript disabled (the payer of Opera Mini's extreme
 * mode or a feature phone), under the same emulated phone. Its first step is a plain HTML form:
 * interactive once the document is parsed (`domInteractive`: the form is in the DOM and
 * submits) and painted (`first-contentful-paint`); the later of the two, on the page's clock.
 * Read once the page has loaded (no script of the page runs, and Chromium runs no timers in
 * it, so nothing can be awaited inside it).
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function loadNoJs(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.locator('#uc-nojs form').waitFor({ state: 'visible', timeout: 60_000 });
    const { at, step, htmlEnd, pageBytes, requests } = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (
        performance.getEntriesByType('navigation')[0]
      );
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const at = Math.max(nav.domInteractive, fcp);
      const entries = [nav, ...performance.getEntriesByType('resource')].filter(
        (e) => e.responseEnd > 0 && e.responseEnd <= at,
      );
      return {
        at,
        step: document.getElementById('uc-nojs')?.getAttribute('data-step') ?? '',
        htmlEnd: nav.responseEnd,
        pageBytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
        requests: entries.length,
      };
    });
    return {
      ms: at,
      by: 'server',
      widgetMs: NaN,
      htmlEnd,
      widgetEnd: NaN,
      step,
      widgetBytes: 0,
      pageBytes,
      requests,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures both pages `runs` times each (after one discarded warm-up load of each).
 *
 * @example
 * await measureFirstStep({ base: 'http://127.0.0.1:8799', runs: 9 });
 * @param {{ base: string, runs: number }} options
 */
export async function measureFirstStep({ base, runs }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
  });
  const stamp = Date.now().toString(36);
  /** @type {Record<'hosted' | 'hosted_nojs' | 'demo', Awaited<ReturnType<typeof load>>[]>} */
  const samples = { hosted: [], hosted_nojs: [], demo: [] };
  try {
    for (let i = -1; i < runs; i++) {
      // Alternate which page goes first, so neither always follows the other.
      // The hosted page without JavaScript goes between them, side by side in the same run.
      const order =
        i % 2 === 0 ? ['hosted', 'hosted_nojs', 'demo'] : ['demo', 'hosted_nojs', 'hosted'];
      for (const kind of order) {
        const id = await createSession(base, `bench-first-${stamp}-${kind}-${i + 1}`);
        const url = kind === 'demo' ? `${base}/demo/?session=${id}` : `${base}/pay/${id}`;
        const sample =
          kind === 'hosted_nojs' ? await loadNoJs(browser, url) : await load(browser, url);
        if (i >= 0) samples[/** @type {'hosted' | 'hosted_nojs' | 'demo'} */ (kind)].push(sample);
      }
    }
  } finally {
    await browser.close();
  }
  const figure = (kind) => {
    const list = samples[kind];
    return {
      [`${kind}_first_step_ms_p50`]: round(median(list.map((s) => s.ms)), 0),
      [`${kind}_first_step_ms_min`]: round(Math.min(...list.map((s) => s.ms)), 0),
      [`${kind}_first_step_ms_max`]: round(Math.max(...list.map((s) => s.ms)), 0),
      // Whose step that was: the server's render (the hosted page) or the widget's.
      [`${kind}_first_step_by`]: [...new Set(list.map((s) => s.by))],
      // When the widget's first step was on screen (on the hosted page, it takes over then).
      [`${kind}_widget_step_ms_p50`]: round(median(list.map((s) => s.widgetMs)), 0),
      [`${kind}_html_end_ms_p50`]: round(median(list.map((s) => s.htmlEnd)), 0),
      [`${kind}_widget_js_end_ms_p50`]: round(median(list.map((s) => s.widgetEnd)), 0),
      [`${kind}_widget_bytes_first_paint`]: median(list.map((s) => s.widgetBytes)),
      [`${kind}_page_bytes_first_paint`]: median(list.map((s) => s.pageBytes)),
      [`${kind}_requests_first_paint`]: median(list.map((s) => s.requests)),
    };
  };
  const noJs = samples.hosted_nojs;
  return {
    ...figure('hosted'),
    ...figure('demo'),
    hosted_nojs_first_step_ms_p50: round(median(noJs.map((s) => s.ms)), 0),
    hosted_nojs_first_step_ms_min: round(Math.min(...noJs.map((s) => s.ms)), 0),
    hosted_nojs_first_step_ms_max: round(Math.max(...noJs.map((s) => s.ms)), 0),
    hosted_nojs_page_bytes_first_paint: median(noJs.map((s) => s.pageBytes)),
    hosted_nojs_requests_first_paint: median(noJs.map((s) => s.requests)),
    first_step_runs: runs,
    first_step_steps: [
      ...new Set([...samples.hosted, ...samples.hosted_nojs, ...samples.demo].map((s) => s.step)),
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const servers = await import('./lib/servers.mjs');
  const { removeTempDirs } = await import('./lib/temp.mjs');
  servers.isolateDevRegistry();
  const stack = await servers.startStack();
  try {
    await servers.settle();
    const runs = Number(process.argv[2] ?? 9);
    const loadBefore = os.loadavg()[0].toFixed(2);
    const figures = await measureFirstStep({ base: stack.base, runs });
    console.log(JSON.stringify({ load_average_before: loadBefore, ...figures }, null, 2));
  } finally {
    await stack.stop();
    removeTempDirs();
  }
}
