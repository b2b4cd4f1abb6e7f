/**
 * The suite's one Chromium (Debian's, through playwright-core; flags in test/support/chromium.mjs).
 * @module
 */
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';

/** Launches headless Chromium, offline but for loopback. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}
