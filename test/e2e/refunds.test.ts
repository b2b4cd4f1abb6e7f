/**
 * End to end, a refund: the payer pays by M-PESA on the hosted page in Chromium, the
 * merchant refunds half through the merchant API (a payout to the payer's phone, through the
 * real sandbox), and the paid hosted page then says "Refunded …". Real proxy, sandbox and
 * browser, as in hosted.test.ts; every step saves a screenshot under test-results/e2e/<case>/.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { chooseMethod, fillAndPay } from './flows';
import { MerchantBackend } from './support/backend';
import { CaseRun } from './support/case-run';
import { Widget } from './support/widget';

let browser: Browser;
let backend: MerchantBackend;

beforeAll(async () => {
  backend = new MerchantBackend(inject('baseUrl'));
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

test('pay by M-PESA on the hosted page, refund half through the API: the page says "Refunded"', async () => {
  const run = await CaseRun.open(browser, 'refund-half-hosted', { webView: { locale: 'en-KE' } });
  try {
    const session = await backend.createSession({ amount: 1500, currency: 'KES' });
    const widget = new Widget(run.page);
    await run.step('open-checkout-url', async () => {
      const response = await run.goto(session.checkout_url);
      expect(response?.status()).toBe(200);
      await widget.waitForStep('choose');
    });
    await chooseMethod(run, widget, 'M-PESA');
    await fillAndPay(run, widget, { mobile: '712345000' }, 'approve');
    await run.step('paid', async () => {
      await widget.waitForStep('success', 15_000);
      await backend.waitForSession(session.id, (s) => s.status === 'succeeded', 'succeeded');
    });
    await run.step(
      'refund-half',
      async () => {
        const refund = await backend.refund(session.id, { amount: 750, reason: 'half' });
        expect(refund).toMatchObject({ amount: 750, status: 'pending' });
        await backend.waitForRefund(refund.id, 'succeeded');
      },
      { screenshot: false },
    );
    await run.step('hosted-page-says-refunded', async () => {
      const response = await run.goto(session.checkout_url);
      expect(response?.status()).toBe(200);
      const notice = await run.page.locator('#uc-notice').locator('..').innerText();
      expect(notice).toMatch(/Refunded [^\n]*750/);
    });
    expect(run.violations, 'CSP violations').toEqual([]);
    expect(run.errors, 'page errors and console errors').toEqual([]);
  } finally {
    await run.close();
  }
});
