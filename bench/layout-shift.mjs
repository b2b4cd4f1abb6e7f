/**
 * Cumulative layout shift of the hosted page (`/pay/:id`, the session's `checkout_url`, where
 * the widget takes over from the server's render of its first step) and of the demo shop
 * (`/demo/?session=…`, a merchant page that mounts the widget), at 412 px wide, the width
 * Lighthouse's mobile run emulates, on the same slow phone as the first step (first-step.mjs:
 * CPU 4× slower, slow 3G). Loads alternate between the two pages.
 *
 * The figure is Chromium's own `layout-shift` entries (PerformanceObserver, buffered), summed the
 * way Lighthouse 12 and Core Web Vitals do: shifts without recent input, grouped in session
 * windows (a gap under 1 s, at most 5 s long), the largest window counts. A load is measured
 * from navigation to the widget's first step (on the hosted page: once the widget has taken
 * over, the server's step hidden) plus the page's `load` event and two frames (what the payer
 * sees before acting; the widget's later steps follow the payer's input).
 *
 * `node bench/layout-shift.mjs [runs]` measures this phase alone against a stack it starts on a
 * free port; build the widget first.
 * @module
 */
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';
import { CPU_SLOWDOWN, SLOW_3G } from './first-step.mjs';
import { createSession } from './lib/api.mjs';
import { median, round } from './lib/stats.mjs';

/** The viewport: Lighthouse 12's mobile screen (Moto G Power). */
export const VIEWPORT = { width: 412, height: 823 };

const RECORD_SHIFTS = `
  window.__ucShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__ucShifts.push({ value: e.value, at: e.startTime, input: e.hadRecentInput });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  window.addEventListener('checkout-step', (event) => {
    if (!window.__ucFirstStep && event.detail.step !== 'loading') window.__ucFirstStep = true;
  });
`;

/**
 * The largest session window's sum (Core Web Vitals' CLS).
 *
 * @example
 * cumulativeLayoutShift([{ value: 0.1, at: 100, input: false }]); // 0.1
 * @param {{ value: number, at: number, input: boolean }[]} shifts
 */
export function cumulativeLayoutShift(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.input) continue;
    if (shift.at - last >= 1000 || shift.at - first >= 5000) {
      sum = 0;
      first = shift.at;
    }
    sum += shift.value;
    last = shift.at;
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * One cold load of `url` at 412 px on the emulated phone; answers its CLS.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_SHIFTS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      () => window.__ucFirstStep && !document.querySelector('#uc-nojs:not([hidden])'),
      null,
      { timeout: 60_000, polling: 50 },
    );
    const shifts = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__ucShifts))),
        ),
    );
    return cumulativeLayoutShift(/** @type {any} */ (shifts));
  } finally {
    await context.close();
  }
}

/**
 * Measures the hosted page's and the demo shop's CLS `runs` times each (after one discarded
 * warm-up load of each), alternating.
 *
 * @example
 * await measureLayoutShift({ base: 'http://127.0.0.1:8799', runs: 5 });
 * @param {{ base: string, runs: number }} options
 */
export async function measureLayoutShift({ base, runs }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs,
  });
  const stamp = Date.now().toString(36);
  /** @type {Record<'hosted' | 'demo', number[]>} */
  const samples = { hosted: [], demo: [] };
  try {
    for (let i = -1; i < runs; i++) {
      for (const kind of /** @type {const} */ (
        i % 2 === 0 ? ['hosted', 'demo'] : ['demo', 'hosted']
      )) {
        const id = await createSession(base, `bench-cls-${stamp}-${kind}-${i + 1}`);
        const url = kind === 'demo' ? `${base}/demo/?session=${id}` : `${base}/pay/${id}`;
        const cls = await load(browser, url);
        if (i >= 0) samples[kind].push(cls);
      }
    }
  } finally {
    await browser.close();
  }
  const figure = (/** @type {'hosted' | 'demo'} */ kind) => ({
    [`${kind}_cls_412_p50`]: round(median(samples[kind]), 3),
    [`${kind}_cls_412_max`]: round(Math.max(...samples[kind]), 3),
    [`${kind}_cls_412_runs`]: runs,
  });
  return { ...figure('hosted'), ...figure('demo') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { standaloneStack } = await import('./lib/standalone.mjs');
  await standaloneStack(async (base) =>
    measureLayoutShift({ base, runs: Number(process.argv[2] ?? 5) }),
  );
}
