/**
 * What the checkout files (test/e2e/checkout-*.test.ts) share: one Chromium and the merchant's
 * world per file, a payer per case, the payer phone numbers typed (recorded in the run's
 * artifacts, so the secret sweep knows every file's numbers), and the suite-end check that no
 * late or duplicate webhook arrived.
 * @module
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { findLeaks, formatLeaks } from '../../support/secret-sweep';
import type { MerchantSession } from './backend';
import { CaseRun, type CaseOptions } from './case-run';
import { openFileWorld, type FileWorld } from './file-world';
import { E2E, SECRETS } from './config';
import { assertDeliveries, checkedSessions } from './outcome';
import { SEEN, readBodies } from './responses';

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
  ownPhones.add(`${dial}${national}`);
  return national;
}

/** The numbers this file typed (each test file loads this module afresh). */
const ownPhones = new Set<string>();

/** The numbers {@link phone} recorded in this run, every file's. */
export function typedPhones(): string[] {
  if (!existsSync(PHONES)) return [];
  return [...new Set(readFileSync(PHONES, 'utf8').split('\n').filter(Boolean))];
}

export const ok = { status: 'succeeded', code: null } as const;
export const failed = (code: string) => ({ status: 'failed', code }) as const;

/** A file's browser and world (set by its `beforeAll`), and its cases' helpers. */
export interface CheckoutSuite extends FileWorld {
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
  openFileWorld(suite);
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

/**
 * Registers the file's last test: no secret and no payer phone number in any response, stream
 * message, webhook or the stack's log, swept for every number typed so far in the run. Both
 * checkout files end with it, so whichever runs last sweeps every file's numbers, in any order.
 */
export function noLeaks(): void {
  test('no secret and no payer phone number in any response, stream message, webhook or log', async () => {
    // The stack's log (request lines and the Workers' console) is also saved at teardown.
    const output = await (await fetch(`${inject('receiverUrl')}/stack-output`)).text();
    expect(output).toContain('POST /v1/sessions 201');
    const webhooks = await (await fetch(`${inject('receiverUrl')}/received`)).text();
    const texts = [
      ...readBodies(SEEN),
      { source: 'wrangler dev output', text: output },
      { source: 'merchant webhooks (headers and bodies)', text: webhooks },
    ];
    expect(texts.length).toBeGreaterThan(100);
    const phones = typedPhones();
    expect(ownPhones.size).toBeGreaterThan(0);
    expect(phones).toEqual(expect.arrayContaining([...ownPhones]));
    const leaks = findLeaks(texts, {
      secrets: [SECRETS.serviceSecretKey, SECRETS.merchantApiKey, SECRETS.webhookSecret],
      phones,
    });
    expect(leaks, formatLeaks(leaks)).toEqual([]);
  });
}
