/**
 * Operator prediction in Chromium against the real proxy and sandbox: an MTN number in a two-operator
 * country (Rwanda) is predicted and pays; a ported number's override pays; an amount above a
 * method's maximum greys it out; a method the sandbox fails a run of payments for is marked
 * slow; the menu hint shows after 30 s on the approve step (Playwright's clock, no waiting).
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser';
import { MerchantBackend } from './support/backend';
import { asOwnPayer } from './support/payer-address';
import { gotoOnceMore } from './support/page-load';
import { SECRETS } from './support/config';
import { Widget } from './support/widget';

let browser: Browser;
let base: string;
let backend: MerchantBackend;
let page: Page | null = null;

beforeAll(async () => {
  base = inject('baseUrl');
  backend = new MerchantBackend(base);
  browser = await launch();
});

afterEach(async () => {
  await page?.context().close();
  page = null;
});

afterAll(async () => {
  await browser?.close();
});

/** The demo shop on a new session of `body`; the widget on its first step. */
async function open(
  body: { amount: number; currency: string; country_id?: number },
  before?: (page: Page) => Promise<void>,
): Promise<{ widget: Widget; id: string }> {
  const session = await backend.createSession(body);
  const context = await browser.newContext();
  await asOwnPayer(context);
  page = await context.newPage();
  await before?.(page);
  await gotoOnceMore(page, `${base}/demo/?session=${session.id}`, { label: 'methods' });
  return { widget: new Widget(page), id: session.id };
}

/** The method radios on the choice step: label, checked, disabled. */
function radios(widget: Widget) {
  return widget.root.locator('[part~="option"]').evaluateAll((options) =>
    options.map((o) => {
      const input = o.querySelector('input') as HTMLInputElement;
      return [o.querySelector('strong')?.textContent, input.checked, input.disabled] as const;
    }),
  );
}

/** The merchant's list of payment methods of a currency. */
async function methods(currency: string): Promise<{ method: string; status: string }[]> {
  const res = await fetch(`${base}/v1/payment-methods?currency=${currency}`, {
    headers: { authorization: `Bearer ${SECRETS.merchantApiKey}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { method: string; status: string }[] }).data;
}

/** Waits (polling the merchant API) until `method` of `currency` has `status`. */
async function waitForStatus(currency: string, method: string, status: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await methods(currency)).find((m) => m.method === method)?.status;
    if (found === status) return;
    if (Date.now() > deadline) throw new Error(`${method} is ${found}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('payment methods in the widget', () => {
  test('an MTN number in Rwanda is predicted, preselected, and pays', async () => {
    const { widget, id } = await open({ amount: 1000, currency: 'RWF' });
    await widget.waitForStep('choose');
    await widget.fill({ mobile: '0788 123 000' });
    await widget.root.getByRole('button', { name: 'change' }).waitFor();
    expect(await radios(widget)).toEqual([['MTN MoMo', true, false]]);
    await widget.submit();
    await widget.waitForStep('form');
    await widget.submit();
    await widget.waitForStep('success');
    const session = await backend.session(id);
    expect(session.attempts.map((a) => a.method)).toEqual(['mtn']);
  });

  test('a ported number: the payer changes the predicted operator, and it pays', async () => {
    const { widget, id } = await open({ amount: 1000, currency: 'RWF' });
    await widget.waitForStep('choose');
    await widget.fill({ mobile: '0788 124 000' }); // an MTN prefix, ported to Airtel
    await widget.root.getByRole('button', { name: 'change' }).click();
    await widget.choose('Airtel Money');
    await widget.waitForStep('form');
    await widget.submit();
    await widget.waitForStep('success');
    const session = await backend.session(id);
    expect(session.attempts.map((a) => a.method)).toEqual(['Airtel']);
  });

  test('an amount above M-PESA’s maximum greys it out, saying why', async () => {
    const { widget } = await open({ amount: 300_000, currency: 'KES' });
    await widget.waitForStep('choose');
    expect(await radios(widget)).toEqual([
      ['M-PESA', false, true],
      ['Airtel Money', true, false],
    ]);
    expect(await widget.text()).toMatch(/Up to KES\s250,000/);
  });

  test('a method the sandbox fails a run of payments for is marked slow', async () => {
    // Five Halotel payments (Tanzania), three declined by the sandbox (…001): 60% failures.
    for (const ending of ['001', '001', '001', '000', '000']) {
      const session = await backend.createSession({ amount: 2000, currency: 'TZS' });
      const res = await fetch(`${base}/v1/checkout/${session.id}/attempts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ country_id: 10, method: 'Halotel', mobile: `255621234${ending}` }),
      });
      expect(res.status).toBe(201);
      const settled = ending === '000' ? 'succeeded' : 'failed';
      await backend.waitForSession(session.id, (s) => s.attempts[0]?.status === settled, settled);
    }
    await waitForStatus('TZS', 'Halotel', 'degraded');
    const { widget } = await open({ amount: 2000, currency: 'TZS' });
    await widget.waitForStep('choose');
    expect(await widget.text()).toContain('HaloPesa is slow right now');
  });

  test('after 30 s on the approve step the payer is told how to approve from the menu', async () => {
    const { widget } = await open({ amount: 1000, currency: 'RWF' }, (page) =>
      page.clock.install(),
    );
    await widget.waitForStep('choose');
    await widget.fill({ mobile: '0788 123 005' }); // …005: the prompt stays pending
    await widget.root.getByRole('button', { name: 'change' }).waitFor();
    await widget.submit();
    await widget.waitForStep('form');
    await widget.submit();
    await widget.waitForStep('approve');
    expect(await widget.text()).not.toContain('*182*7#');
    await page!.clock.fastForward(31_000);
    await widget.root.locator('#menu-hint').waitFor();
    expect(await widget.text()).toContain('Dial *182*7#');
  });
});
