/**
 * What the hosted-page files (test/e2e/hosted*.test.ts) share: one Chromium and the merchant's
 * world per file, a payer per case (no CSP violation, no page or console error), and sessions
 * paid on their `checkout_url` that return to the demo shop.
 * @module
 */
import { expect } from 'vitest';
import type { MerchantSession } from './backend';
import { CaseRun, type CaseOptions } from './case-run';
import { openFileWorld, type FileWorld } from './file-world';

/** A file's browser and world (set by its `beforeAll`), and its cases' helpers. */
export interface HostedSuite extends FileWorld {
  /** A session the merchant creates, to be paid on its `checkout_url`; back to the demo shop. */
  createSession(body: {
    amount: number;
    currency: string;
    country_id?: number;
    methods?: string[];
  }): Promise<MerchantSession>;
  /** Runs a case with its own payer; closes it whatever happens. */
  withPayer(
    name: string,
    options: CaseOptions,
    body: (run: CaseRun) => Promise<void>,
  ): Promise<void>;
}

/**
 * Registers the file's hooks: its world and Chromium before the first case, closed after the
 * last. Read the fields inside tests only.
 *
 * @example
 * const suite = hostedSuite();
 * test('…', () => suite.withPayer('case', { webView: {} }, async (run) => { … }));
 */
export function hostedSuite(): HostedSuite {
  const suite = {
    createSession(body) {
      return suite.world.backend.createSession({ ...body, return_url: suite.world.checkoutPage });
    },
    async withPayer(name, options, body) {
      const run = await CaseRun.open(suite.browser, name, options);
      try {
        await body(run);
        expect(run.violations, 'CSP violations').toEqual([]);
        expect(run.errors, 'page errors and console errors').toEqual([]);
      } finally {
        await run.close();
      }
    },
  } as HostedSuite;
  openFileWorld(suite);
  return suite;
}
