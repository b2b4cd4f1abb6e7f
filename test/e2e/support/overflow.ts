/**
 * Phones first: does a page scroll sideways, or cut off what must be seen? Reusable by any
 * end-to-end case (the demo shop, the hosted page): open the page with {@link openOnPhone}, bring
 * it to the state to check, then {@link expectNoHorizontalOverflow}.
 * @module
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gotoOnceMore } from './page-load';
import { asOwnPayer } from './payer-address';

/** The narrow viewports checked: the smallest phones still sold, and the most common width. */
export const PHONE_WIDTHS = [320, 360] as const;

/** Height of the emulated phone (a 360 × 740 screen). */
export const PHONE_HEIGHT = 740;

/** What must be fully inside the viewport on a checkout page: the widget and its amount. */
export const WIDGET_PARTS = ['unified-checkout', 'unified-checkout [part~="amount"]'];

/** A page in a phone-sized browser context (touch, mobile viewport, 2× pixels). */
export interface PhonePage {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Opens `url` (when given) in a new phone-sized context of `browser`.
 *
 * @example
 * const phone = await openOnPhone(browser, 320, `${base}/demo/`);
 * await expectNoHorizontalOverflow(phone.page, 'demo at 320 px');
 * await phone.close();
 */
export async function openOnPhone(
  browser: Browser,
  width: number,
  url?: string,
): Promise<PhonePage> {
  const context = await browser.newContext({
    viewport: { width, height: PHONE_HEIGHT },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await asOwnPayer(context);
  const page = await context.newPage();
  if (url) await gotoOnceMore(page, url, { label: `phone ${width} px` });
  return { context, page, close: () => context.close() };
}

/** What {@link horizontalOverflow} measured. */
export interface OverflowReport {
  /** The phone's width: the viewport the page was opened with. */
  width: number;
  /** `innerWidth`: more than `width` when a mobile browser zoomed out to fit a too-wide page. */
  innerWidth: number;
  scrollWidth: number;
  /** `selector: left–right` of each required element not fully inside the viewport, or absent. */
  outside: string[];
  /** The widest elements sticking out on the right (light and shadow DOM), for the message. */
  offenders: string[];
}

/**
 * Measures horizontal overflow: the document's scroll width against the viewport, and whether
 * every element matching `within` (CSS, through open shadow roots) lies fully inside it.
 *
 * @example
 * const report = await horizontalOverflow(page, WIDGET_PARTS);
 */
export async function horizontalOverflow(
  page: Page,
  within: readonly string[] = [],
): Promise<OverflowReport> {
  const outside: string[] = [];
  const viewport = page.viewportSize()?.width ?? (await page.evaluate(() => window.innerWidth));
  for (const selector of within) {
    const rects = await page.locator(selector).evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { left: rect.left, right: rect.right, width: rect.width };
      }),
    );
    if (rects.length === 0) outside.push(`${selector}: absent`);
    for (const { left, right, width } of rects) {
      if (width === 0 || left < -0.5 || right > viewport + 0.5) {
        outside.push(`${selector}: ${left.toFixed(1)}–${right.toFixed(1)} px`);
      }
    }
  }
  const measured = await page.evaluate((viewport) => {
    const limit = viewport + 0.5;
    const found: { what: string; right: number }[] = [];
    const visit = (root: Document | ShadowRoot, host: string) => {
      for (const el of root.querySelectorAll('*')) {
        const rect = el.getBoundingClientRect();
        if (rect.right > limit && rect.width > 0) {
          const id = el.id ? `#${el.id}` : '';
          const part = el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : '';
          found.push({ what: `${host}${el.tagName.toLowerCase()}${id}${part}`, right: rect.right });
        }
        if (el.shadowRoot) visit(el.shadowRoot, `${el.tagName.toLowerCase()} >> `);
      }
    };
    visit(document, '');
    return {
      innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      offenders: found
        .sort((a, b) => b.right - a.right)
        .slice(0, 5)
        .map(({ what, right }) => `${what} (right edge ${right.toFixed(1)} px)`),
    };
  }, viewport);
  return { ...measured, width: viewport, outside };
}

/**
 * Throws, naming the offending elements, when the page scrolls sideways
 * (`document.documentElement.scrollWidth > innerWidth`) or an element of `within` is not fully
 * inside the viewport. Both are measured against the phone's width too: a mobile browser
 * zooms a too-wide page out until it fits, and `innerWidth` then grows with it.
 *
 * @example
 * await expectNoHorizontalOverflow(page, 'form at 320 px', WIDGET_PARTS);
 */
export async function expectNoHorizontalOverflow(
  page: Page,
  where: string,
  within: readonly string[] = [],
): Promise<void> {
  const report = await horizontalOverflow(page, within);
  const problems: string[] = [];
  const width = Math.min(report.width, report.innerWidth);
  if (report.scrollWidth > width || report.innerWidth > report.width) {
    problems.push(
      `the page is ${report.scrollWidth} px wide (innerWidth ${report.innerWidth}) on a ` +
        `${report.width} px phone`,
    );
  }
  if (report.outside.length > 0) {
    problems.push(`not fully in the viewport: ${report.outside.join('; ')}`);
  }
  if (problems.length > 0) {
    const offenders = report.offenders.length ? `; widest: ${report.offenders.join(', ')}` : '';
    throw new Error(`${where}: ${problems.join('; ')}${offenders}`);
  }
}
