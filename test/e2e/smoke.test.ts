import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('the dev stack serves the widget bundle and a page can mount it', async () => {
  const base = inject('baseUrl');
  const health = await fetch(`${base}/health`);
  expect(health.status).toBe(200);
  const page = await browser.newPage();
  await page.goto(`${base}/health`);
  await page.addScriptTag({ url: `${base}/widget.js` });
  await page.evaluate(() => {
    const el = document.createElement('unified-checkout');
    el.setAttribute('session', 'cs_smoke');
    document.body.append(el);
  });
  const text = await page.locator('unified-checkout [part="panel"]').textContent();
  expect(text).toContain('cs_smoke');
  await shot(page, 'smoke');
  await page.close();
});
