/**
 * What the checkout files (test/e2e/checkout-*.test.ts) share: one Chromium and the merchant's
 * world per file, a payer per case, the payer phone numbers typed (recorded in the run's
 * artifacts, so the secret sweep knows every file's numbers), and the suite-end check that no
 * late or duplicate webhook arrived.
 * @module
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launch } from '../browser';
import type { World } from '../flows';
import { MerchantBackend, SandboxControl, WebhookInbox, type MerchantSession } from './backend';
import { CaseRun, type CaseOptions } from './case-run';
import { E2E } from './config';
import { assertDeliveries, checkedSessions } from './outcome';

/** The gallery's folder (`npm run screenshots`), else none. */
export const galleryDir = process.env.E2E_GALLERY_DIR
  ? path.resolve(process.env.E2E_GALLERY_DIR)
  : undefined;

/** Every payer phone number the suite typed, international form, one a line. */
const PHONES = path.join(E2E.artifacts, 'typed-phones.txt');

/**
 * A Kenyan / Ugandan / … number for the sandbox (its last three digits script the outcome),
 * recorded so that none may ever be echoed back.
 *
 * @example
 * await widget.fill({ mobile: phone('254', '712345000') });
 */
export function phone(dial: string, national: string): string {
  appendFileSync(PHONES, `${dial}${national}\n`);
  return national;
}

/** The numbers {@link phone} recorded in this run, every file's. */
export function typedPhones(): string[] {
  if (!existsSync(PHONES)) return [];
  return [...new Set(readFileSync(PHONES, 'utf8').split('\n').filter(Boolean))];
}

export const ok = { status: 'succeeded', code: null } as const;
export const failed = (code: string) => ({ status: 'failed', code }) as const;

/** A file's browser and world, set by its `beforeAll`. */
export interface CheckoutSuite {
  browser: Browser;
  world: World;
  /** A session as the merchant's backend creates it, returning to the merchant's page. */
  createSession(body: {
    amount: number;
    currency: string;
    country_id?: number;
    methods?: string[];
  }): Promise<MerchantSession>;
  /** Runs a case with its own payer; closes it whatever happens. */
  withPayer(
    name: string,
    body: (run: CaseRun) => Promise<void>,
    options?: Omit<CaseOptions, 'galleryDir'>,
  ): Promise<void>;
}

/**
 * Registers the file's hooks: its world and Chromium before the first case, closed after the
 * last. Read the fields inside tests only.
 *
 * @example
 * const suite = checkoutSuite();
 * test('…', () => suite.withPayer('case', async (run) => { … }));
 */
export function checkoutSuite(): CheckoutSuite {
  const suite = {
    createSession(body) {
      return suite.world.backend.createSession({ ...body, return_url: suite.world.checkoutPage });
    },
    async withPayer(name, body, options = {}) {
      const run = await CaseRun.open(suite.browser, name, { ...options, galleryDir });
      try {
        await body(run);
        expect(run.errors, 'page errors and console errors').toEqual([]);
      } finally {
        await run.close();
      }
    },
  } as CheckoutSuite;
  beforeAll(async () => {
    const base = inject('baseUrl');
    suite.world = {
      base,
      checkoutPage: `${base}/demo/`,
      shopPage: inject('shopUrl'),
      backend: new MerchantBackend(base),
      sandbox: new SandboxControl(base),
      inbox: new WebhookInbox(inject('receiverUrl')),
    };
    suite.browser = await launch();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}

/**
 * The file's last test: every session it checked still has exactly its webhooks (none came late,
 * none twice), read after all its other cases.
 */
export function noLateWebhooks(suite: CheckoutSuite): void {
  test('no late or duplicate webhook arrived for any session', async () => {
    expect(checkedSessions.size).toBeGreaterThan(0);
    for (const [session, types] of checkedSessions) {
      assertDeliveries(session, await suite.world.inbox.deliveriesFor(session), types);
    }
  });
}
