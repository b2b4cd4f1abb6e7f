/**
 * axe-core in a page of the end-to-end suite: its source evaluated through the DevTools
 * protocol (which the page's CSP does not govern, so no script tag and no violation), then run
 * on a part of the page.
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2.1 A/AA and best-practice violations inside `selector`, as readable lines (empty
 * when none). axe enters open shadow roots (the widget's).
 *
 * @example
 * expect(await axeViolations(page, '#uc-phone')).toEqual([]);
 */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(source);
  return page.evaluate(async (target) => {
    type Result = {
      violations: { id: string; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(c: string, o: unknown): Promise<Result> } }).axe;
    const results = await axe.run(target, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      rules: { 'page-has-heading-one': { enabled: false }, region: { enabled: false } },
    });
    return results.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${v.help}`),
    );
  }, selector);
}
