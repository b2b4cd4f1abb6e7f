// One Chromium per test file, pages with screenshots saved under test-results/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';

export const artifactsDir = path.resolve('test-results/e2e');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

/** Saves a screenshot of `page` as test-results/e2e/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
