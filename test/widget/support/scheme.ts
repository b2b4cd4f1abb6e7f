/**
 * `prefers-color-scheme: dark` for the theme tests, in every engine that can give it.
 *
 * - Chromium: the test runner's emulateMedia (CDP), on this page.
 * - Firefox: neither WebDriver BiDi nor puppeteer can emulate it at run time, but a document in
 *   an iframe prefers its iframe element's used `color-scheme` (CSS Color Adjustment): the
 *   built bundle runs in an iframe styled `color-scheme: dark` (fixtures/csp.html).
 * - WebKitGTK does neither (its WebDriver has no emulation and its iframes keep the top-level
 *   preference): {@link darkDocument} answers null and the caller skips, saying why.
 * @module
 */
import { waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';

/** Asks the test runner for a colour scheme on this page; false where the engine cannot. */
export async function emulateColorScheme(scheme: 'light' | 'dark'): Promise<boolean> {
  try {
    await emulateMedia({ colorScheme: scheme });
    return matchMedia(`(prefers-color-scheme: ${scheme})`).matches;
  } catch (error) {
    // puppeteer over BiDi (Firefox): "CDP support is required"; WebDriver: "not supported".
    if (/CDP support is required|not supported/i.test(String(error))) return false;
    throw error;
  }
}

/**
 * A document that prefers dark, with the element defined in it: this page when the runner can
 * emulate the preference, else the built bundle in an iframe styled `color-scheme: dark`; null
 * when the engine offers neither. `done()` puts everything back.
 */
export async function darkDocument(): Promise<{ doc: Document; done: () => Promise<void> } | null> {
  if (await emulateColorScheme('dark')) {
    return { doc: document, done: async () => void (await emulateColorScheme('light')) };
  }
  const frame = document.createElement('iframe');
  frame.src = '/test/widget/fixtures/csp.html';
  frame.style.colorScheme = 'dark';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow!;
  if (!win.matchMedia('(prefers-color-scheme: dark)').matches) {
    frame.remove();
    return null;
  }
  await waitUntil(() => win.customElements.get('unified-checkout'), 'element not defined');
  return { doc: win.document, done: async () => frame.remove() };
}
