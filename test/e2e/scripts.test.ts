/**
 * The hosted page in the two scripts unlike Latin, on a 360 px phone (Chromium, the dev stack):
 * Arabic (right to left) and Amharic (Ge'ez, whose syllables stand taller than Latin letters).
 * Each page is read as the payer sees it: its direction, nothing sideways, and no line of text
 * clipped or squeezed (every element holding Ge'ez or Arabic text has at least 1.3 lines of
 * height per line and shows all of it). The same pages are the gallery's (docs/gallery.md).
 * The three-engine smoke checks the Arabic page's direction and amounts too (engines.test.ts).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { MerchantBackend } from './support/backend';
import { galleryDir } from './support/checkout-suite';
import { expectNoHorizontalOverflow, openOnPhone, WIDGET_PARTS } from './support/overflow';
import { Widget } from './support/widget';

let browser: Browser;
let backend: MerchantBackend;
const base = inject('baseUrl');

beforeAll(async () => {
  backend = new MerchantBackend(base);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The elements (page and widget) whose own text is in `script`, each with the problem found:
 * a line height under 1.3 times the font size, or content taller than the box that clips it.
 * Runs in the browser.
 */
function squeezedText(script: string): { text: string; problem: string }[] {
  const pattern = new RegExp(`\\p{Script=${script}}`, 'u');
  const roots: ParentNode[] = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  const found: { text: string; problem: string }[] = [];
  for (const el of roots.flatMap((root) => [...root.querySelectorAll('*')])) {
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('');
    if (!pattern.test(own) || (el as HTMLElement).offsetParent === null) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const line = style.lineHeight === 'normal' ? 1.3 * size : parseFloat(style.lineHeight);
    const text = own.trim().slice(0, 40);
    if (line < 1.3 * size - 0.5) found.push({ text, problem: `line-height ${line}px` });
    const clips = style.overflow !== 'visible' || style.overflowY !== 'visible';
    if (clips && el.scrollHeight > el.clientHeight + 1) {
      found.push({ text, problem: `clipped ${el.scrollHeight} > ${el.clientHeight}` });
    }
  }
  return found;
}

for (const { code, script, title } of [
  { code: 'ar', script: 'Arabic', title: 'Arabic' },
  { code: 'am', script: 'Ethiopic', title: "Amharic (Ge'ez)" },
]) {
  test(`the hosted page in ${title} at 360 px`, async () => {
    const session = await backend.createSession({ amount: 125_000, currency: 'KES' });
    const phone = await openOnPhone(browser, 360, `${session.checkout_url}?locale=${code}`);
    try {
      const page = phone.page;
      await new Widget(page).waitForStep('choose');
      await expectNoHorizontalOverflow(page, `${code} at 360 px`, [...WIDGET_PARTS, 'main']);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        code === 'ar' ? 'rtl' : 'ltr',
      );
      expect(await page.evaluate(squeezedText, script)).toEqual([]);
      if (galleryDir) {
        await page.screenshot({
          path: path.join(galleryDir, `hosted-${code}-360.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
    } finally {
      await phone.close();
    }
  });
}
