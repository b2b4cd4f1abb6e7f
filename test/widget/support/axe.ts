/**
 * axe-core in the test page: the minified build is loaded as a plain script (it sets
 * `window.axe`) and run on an element, which axe enters through its open shadow root.
 * @module
 */
import 'axe-core/axe.min.js';
import type { AxeResults, RunOptions } from 'axe-core';

type Axe = { run: (context: Element, options: RunOptions) => Promise<AxeResults> };

/** WCAG 2.1 A/AA and axe's best practices. */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: {
    // Page-level rules: the test page is not a real page (no <main>, no <h1>).
    'page-has-heading-one': { enabled: false },
    'landmark-one-main': { enabled: false },
  },
};

/**
 * The axe violations inside `element`, as readable lines (empty when none).
 *
 * @example
 * expect(await axeViolations(el)).to.deep.equal([]);
 */
export async function axeViolations(element: Element): Promise<string[]> {
  const axe = (window as unknown as { axe: Axe }).axe;
  const results = await axe.run(element, OPTIONS);
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`),
  );
}
