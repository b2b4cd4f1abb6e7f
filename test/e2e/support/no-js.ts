/**
 * The hosted page with scripts off: its step as plain HTML (`#uc-nojs`, with the
 * widget's step name in `data-step`), and axe on each such state.
 *
 * With JavaScript disabled Chromium runs no timers in the page, and axe needs them; so axe runs
 * on a copy of the page as it stands (its HTML) in a page with scripts on, the page's own scripts
 * (among them the one that hides the no-JS step where the widget can run) and widget preloads
 * dropped: the same markup and styles a payer without JavaScript gets.
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A/AA and axe's best practices (as the widget's a11y tests). */
const OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
};

/**
 * Waits for the no-JS step `step` to be on the page (a page load, a form's answer or a refresh).
 *
 * @example
 * await waitForNoJsStep(page, 'approve');
 */
export async function waitForNoJsStep(page: Page, step: string, timeout = 15_000): Promise<void> {
  await page.locator(`#uc-nojs[data-step="${step}"]`).waitFor({ state: 'visible', timeout });
}

/**
 * The axe violations of the page as it stands, as readable lines (empty when none).
 *
 * @example
 * expect(await noJsAxe(browser, page)).toEqual([]);
 */
export async function noJsAxe(browser: Browser, page: Page): Promise<string[]> {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/ class="[^"]*\buc-js\b[^"]*"/, '');
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const copy = await context.newPage();
    await copy.setContent(html);
    await copy.addScriptTag({ content: AXE });
    const violations = await copy.evaluate(async (options) => {
      const axe = (window as unknown as { axe: { run: Function } }).axe;
      const results = await axe.run(document, options);
      return (
        results.violations as { id: string; help: string; nodes: { target: string[] }[] }[]
      ).flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${v.help}`));
    }, OPTIONS);
    return violations;
  } finally {
    await context.close();
  }
}
