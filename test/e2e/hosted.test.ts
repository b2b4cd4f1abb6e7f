/**
 * End to end on the hosted checkout page: a merchant with no web front end sends the
 * payer the session's `checkout_url` alone (in an SMS, a chat, an app). The payer pays there in
 * Chromium — mostly as a phone's in-app WebView that cannot open popups — and lands back on the
 * session's `return_url` with `?session=`. Real proxy, sandbox and browser, as in
 * checkout-*.test.ts; every step saves a screenshot under test-results/e2e/<case>/.
 * hosted-no-js.test.ts pays on the same page without JavaScript.
 */
import { describe, expect, test } from 'vitest';
import type { Route } from 'playwright-core';
import { encode } from 'uqr';
import { chooseMethod, fillAndPay, authorizeInPopup } from './flows';
import type { MerchantSession } from './support/backend';
import { axeViolations } from './support/axe';
import { CaseRun } from './support/case-run';
import { hostedSuite } from './support/hosted-suite';
import { waitForNoJsStep } from './support/no-js';
import { checkDeliveries } from './support/outcome';
import { Widget, type Step } from './support/widget';

const suite = hostedSuite();
const { createSession, withPayer } = suite;

/**
 * Opens the session's `checkout_url` (the hosted page) and waits for the widget's first step.
 * The page carries the first view: the widget never asks `GET /v1/checkout/:id` for it.
 */
async function openHosted(run: CaseRun, session: MerchantSession, first: Step): Promise<Widget> {
  const widget = new Widget(run.page);
  const viewRequests: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === `/v1/checkout/${session.id}`) {
      viewRequests.push(request.url());
    }
  };
  run.page.on('request', onRequest);
  await run.step('open-checkout-url', async () => {
    expect(session.checkout_url).toBe(`${suite.world.base}/pay/${session.id}`);
    const response = await run.goto(session.checkout_url);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-');
    await widget.waitForStep(first);
  });
  run.page.off('request', onRequest);
  expect(viewRequests, 'the first view came inside the page').toEqual([]);
  return widget;
}

/**
 * The success on the hosted page, the return panel, then the automatic return to the
 * session's `return_url` (with `?session=`), where the shop's own widget shows the payment;
 * the merchant API and the merchant's webhook agree.
 */
async function returnsToShop(
  run: CaseRun,
  widget: Widget,
  session: MerchantSession,
  returnText: RegExp,
  paidHeading = /^(Payment received|Paiement reçu)$/,
): Promise<void> {
  await run.step('success-on-hosted-page', async () => {
    // The return panel shows with the success: on the widget's success screen, or on the
    // "Payment received" page when the payment settled while the payer was away (a redirect).
    const back = run.page.locator('#uc-return a.button');
    await back.waitFor({ state: 'visible', timeout: 15_000 });
    expect(new URL(run.page.url()).pathname).toBe(`/pay/${session.id}`);
    const shown = await widget.step();
    if (shown === 'absent') {
      expect(await run.page.locator('#uc-notice').innerText()).toMatch(paidHeading);
    } else {
      expect(shown).toBe('success');
    }
    expect(await back.innerText()).toMatch(returnText);
    expect(await back.getAttribute('href')).toBe(
      `${suite.world.checkoutPage}?session=${session.id}`,
    );
  });
  await run.step('automatic-return', async () => {
    // The countdown's navigation is what this step checks ('commit'); the shop's own page then
    // loads at its pace (once, on a loaded machine, its scripts took over 15 s to arrive).
    await run.page.waitForURL(
      (url) => url.href === `${suite.world.checkoutPage}?session=${session.id}`,
      {
        timeout: 15_000,
        waitUntil: 'commit',
      },
    );
    await widget.waitForStep('success', 30_000);
  });
  await run.step(
    'merchant-api-and-webhook',
    async () => {
      const state = await suite.world.backend.waitForSession(
        session.id,
        (s) =>
          s.status === 'succeeded' &&
          s.webhooks.length === 1 &&
          s.webhooks.every((w) => w.status === 'delivered'),
        'succeeded with its webhook delivered',
      );
      expect(state.attempts.map((a) => a.status)).toEqual(['succeeded']);
      await checkDeliveries(suite.world, session.id, ['checkout.succeeded']);
    },
    { screenshot: false },
  );
}

describe('paid through checkout_url alone, in a popup-less WebView (360 px)', () => {
  test('phone prompt (M-PESA, Kenya)', async () => {
    await withPayer(
      'hosted-webview-phone-prompt',
      { webView: { locale: 'en-KE' } },
      async (run) => {
        const session = await createSession({ amount: 1500, currency: 'KES' });
        const widget = await openHosted(run, session, 'choose');
        expect(await run.page.locator('html').getAttribute('lang')).toBe('en-KE');
        await chooseMethod(run, widget, 'M-PESA');
        await fillAndPay(run, widget, { mobile: '712345000' }, 'approve');
        await returnsToShop(run, widget, session, /Return to /);
      },
    );
  });

  test('OTP (Orange, Côte d’Ivoire), in French from Accept-Language', async () => {
    await withPayer('hosted-webview-otp-fr', { webView: { locale: 'fr-CI' } }, async (run) => {
      const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 3 });
      const widget = await openHosted(run, session, 'choose');
      expect(await run.page.locator('html').getAttribute('lang')).toBe('fr-CI');
      expect(await run.page.locator('#uc-order').innerText()).toBe('Votre commande');
      await chooseMethod(run, widget, 'Orange');
      await fillAndPay(run, widget, { mobile: '0712345000' }, 'otp');
      await run.step('right-otp', async () => {
        await widget.fill({ otp: '000000' });
        await widget.submit();
      });
      await returnsToShop(run, widget, session, /Retour à /);
    });
  });

  test('redirect (Wave, Senegal): the whole page goes to the wallet and comes back to the hosted page', async () => {
    await withPayer('hosted-webview-redirect', { webView: { locale: 'fr-SN' } }, async (run) => {
      const session = await createSession({ amount: 3000, currency: 'XOF', country_id: 9 });
      const widget = await openHosted(run, session, 'choose');
      await chooseMethod(run, widget, 'Wave');
      await fillAndPay(run, widget, { mobile: '771234000' }, 'redirect');
      await run.step('continue-full-page', async () => {
        await Promise.all([
          run.page.waitForURL((url) => url.pathname.includes('/sandbox/pay/')),
          widget.pressPrimary(),
        ]);
        await run.page.locator('button', { hasText: 'Approve' }).waitFor();
      });
      await run.step('approve-and-back-to-the-hosted-page', async () => {
        await Promise.all([
          run.page.waitForURL(
            (url) =>
              url.pathname === `/pay/${session.id}` && url.searchParams.get('returned') === '1',
            { timeout: 10_000 },
          ),
          run.page.locator('button', { hasText: 'Approve' }).click(),
        ]);
        // The page keeps the payer's language across the round trip.
        expect(new URL(run.page.url()).searchParams.get('locale')).toBe('fr-SN');
      });
      await returnsToShop(run, widget, session, /Retour à /);
    });
  });
});

test('in a browser that opens popups, the redirect wallet still works from the hosted page', async () => {
  await withPayer('hosted-popup-redirect', {}, async (run) => {
    const session = await createSession({ amount: 3100, currency: 'XOF', country_id: 9 });
    const widget = await openHosted(run, session, 'choose');
    await chooseMethod(run, widget, 'Wave');
    await fillAndPay(run, widget, { mobile: '771234000' }, 'redirect');
    // The popup reports back to its opener (Cross-Origin-Opener-Policy allows popups).
    await authorizeInPopup(run, widget, 'Approve');
    await returnsToShop(run, widget, session, /Return to /);
  });
});

describe('before the widget arrives', () => {
  test('the server’s form is usable, and the widget takes over with the payer’s choice and number', async () => {
    await withPayer('hosted-takeover', { webView: { locale: 'fr-CI' } }, async (run) => {
      const { page } = run;
      // The widget's module is held back until the payer has chosen and typed (a slow network).
      const held: Route[] = [];
      let holding = true;
      await page.route('**/widget.es.js', (route) =>
        holding ? void held.push(route) : route.continue(),
      );
      await page.addInitScript(() => {
        const w = window as unknown as { __shifts: number[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            w.__shifts.push(e.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const session = await createSession({ amount: 2500, currency: 'XOF' });
      const card = page.locator('#uc-nojs');
      await run.step('choose-on-the-server-form', async () => {
        await page.goto(session.checkout_url, { waitUntil: 'commit' });
        await waitForNoJsStep(page, 'choose');
        // Orange Money of Côte d'Ivoire (id 3), not of Senegal: a country and a method.
        const option = card.locator('.option', { hasText: 'Orange Money' });
        await option
          .filter({ has: page.locator('input[value^="3:"]') })
          .locator('label')
          .click();
        // Sent before the widget is ready: the no-JS flow (303 to the method's form).
        await Promise.all([
          page.waitForURL((url) => url.searchParams.has('method'), { waitUntil: 'commit' }),
          card.locator('button[type="submit"]').click(),
        ]);
      });
      const box = await run.step('type-the-number', async () => {
        await waitForNoJsStep(page, 'form');
        await card.locator('#mobile').fill('01 97 00 00 00');
        return card.boundingBox();
      });
      await run.step('the-widget-takes-over', async () => {
        holding = false;
        for (const route of held.splice(0)) await route.continue().catch(() => undefined);
        await card.waitFor({ state: 'hidden' });
        const widget = new Widget(page);
        expect(await widget.step()).toBe('form');
        const mobile = widget.root.locator('#mobile');
        expect(await mobile.inputValue()).toBe('01 97 00 00 00');
        expect(await widget.root.locator('.phone').innerText()).toContain('+225');
        expect(await widget.root.locator('h2').innerText()).toContain('Orange Money');
        // The payer's place: the focus (and the caret) in the same field, in the same spot.
        const place = await mobile.evaluate((el: HTMLInputElement) => ({
          focused: el === (el.getRootNode() as ShadowRoot).activeElement,
          caret: el.selectionStart,
        }));
        expect(place).toEqual({ focused: true, caret: '01 97 00 00 00'.length });
        expect((await widget.root.boundingBox())?.y).toBe(box?.y);
        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: number[] }).__shifts,
        );
        expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
      });
    });
  });
});

describe('when the widget cannot be fetched', () => {
  test('the hosted page says so in its language', async () => {
    const run = await CaseRun.open(suite.browser, 'hosted-widget-unreachable', {
      webView: { locale: 'fr-CI' },
    });
    try {
      // The network drops the widget's module: its module script fails to load.
      await run.page.route('**/widget.es.js', (route) => route.abort());
      const session = await createSession({ amount: 1500, currency: 'KES' });
      await run.goto(session.checkout_url);
      const notice = run.page.locator('#uc-unloadable');
      await notice.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await notice.innerText()).toMatch(/formulaire de paiement n’a pas pu être chargé/);
      expect(run.violations, 'CSP violations').toEqual([]);
    } finally {
      await run.close();
    }
  });
});

describe('pay on your phone: the QR code of checkout_url on a wide screen', () => {
  /** The QR module's requests of a page. */
  function qrRequests(run: CaseRun): string[] {
    const seen: string[] = [];
    run.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/hosted/qr.js') seen.push(request.url());
    });
    return seen;
  }

  test('at 1280 px: "Pay on your phone" with the code of the page’s checkout_url', async () => {
    await withPayer('hosted-qr-1280', { viewport: { width: 1280, height: 800 } }, async (run) => {
      const fetched = qrRequests(run);
      const session = await createSession({ amount: 1500, currency: 'KES' });
      await openHosted(run, session, 'choose');
      const card = run.page.locator('#uc-phone');
      await card.waitFor({ state: 'visible' });
      expect(await card.locator('h2').innerText()).toBe('Pay on your phone');
      const svg = card.locator('svg[role="img"]');
      expect(await svg.getAttribute('aria-label')).toBe('QR code of this payment page');
      // The very code of checkout_url: the same encoder's dark modules, drawn one by one.
      const { data, size } = encode(session.checkout_url, { ecc: 'M', border: 4 });
      const modules = data.flatMap((row, y) =>
        row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
      );
      expect(await svg.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
      expect(await svg.locator('path').getAttribute('d')).toBe(modules.join(''));
      expect(fetched).toHaveLength(1);
      expect(await axeViolations(run.page, '#uc-phone')).toEqual([]);
      await run.page.screenshot({ path: `${run.dir}/qr-1280.png` });
    });
  });

  test('at 360 px: no QR code, and its module is never fetched', async () => {
    await withPayer('hosted-qr-360', { webView: { locale: 'en-KE' } }, async (run) => {
      const fetched = qrRequests(run);
      const session = await createSession({ amount: 1500, currency: 'KES' });
      // The page's script decides as it runs, before the widget's first step.
      await openHosted(run, session, 'choose');
      expect(await run.page.locator('#uc-phone').isHidden()).toBe(true);
      expect(await run.page.locator('#uc-qr svg').count()).toBe(0);
      expect(fetched).toEqual([]);
    });
  });
});
