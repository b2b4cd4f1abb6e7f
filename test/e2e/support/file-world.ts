/**
 * One Chromium and the merchant's world per e2e file: what the checkout and hosted-page suites
 * (checkout-suite.ts, hosted-suite.ts) both open before their first case and close after the
 * last.
 * @module
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launch } from '../browser';
import type { World } from '../flows';
import { MerchantBackend, SandboxControl, WebhookInbox } from './backend';

/** What a file's hooks fill in (read inside tests only). */
export interface FileWorld {
  browser: Browser;
  world: World;
}

/**
 * Registers the file's hooks: its world (from the e2e global setup) and Chromium before the
 * first case, the browser closed after the last.
 *
 * @example
 * const suite = { …cases } as CheckoutSuite;
 * openFileWorld(suite);
 */
export function openFileWorld(holder: FileWorld): void {
  beforeAll(async () => {
    const base = inject('baseUrl');
    holder.world = {
      base,
      checkoutPage: `${base}/demo/`,
      shopPage: inject('shopUrl'),
      backend: new MerchantBackend(base),
      sandbox: new SandboxControl(base),
      inbox: new WebhookInbox(inject('receiverUrl')),
    };
    holder.browser = await launch();
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
}
