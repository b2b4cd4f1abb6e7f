/**
 * End to end on the hosted checkout page (issue 15): a merchant with no web front end sends the
 * payer the session's `checkout_url` alone (in an SMS, a chat, an app). The payer pays there in
 * Chromium — mostly as a phone's in-app WebView that cannot open popups — and lands back on the
 * session's `return_url` with `?session=`. Real proxy, sandbox and browser, as in
 * checkout.test.ts; every step saves a screenshot under test-results/e2e/<case>/.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { encode } from 'uqr';
import { launch } from './browser';
import { chooseMethod, fillAndPay, authorizeInPopup, type World } from './flows';
import {
  MerchantBackend,
  SandboxControl,
  WebhookInbox,
  type MerchantSession,
} from './support/backend';
import { axeViolations } from './support/axe';
import { CaseRun, type CaseOptions } from './support/case-run';
import { checkDeliveries } from './support/outcome';
import { Widget, type Step } from './support/widget';
import { noJsAxe, waitForNoJsStep } from './support/no-js';

let browser: Browser;
let world: World;

beforeAll(async () => {
  const base = inject('baseUrl');
  world = {
    base,
    checkoutPage: `${base}/demo/`,
    shopPage: inject('shopUrl'),
    backend: new MerchantBackend(base),
    sandbox: new SandboxControl(base),
    inbox: new WebhookInbox(inject('receiverUrl')),
  };
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function withPayer(
  name: string,
  options: CaseOptions,
  body: (run: CaseRun) => Promise<void>,
): Promise<void> {
  const run = await CaseRun.open(browser, name, options);
  try {
    await body(run);
    expect(run.violations, 'CSP violations').toEqual([]);
    expect(run.errors, 'page errors and console errors').toEqual([]);
  } finally {
    await run.close();
  }
}

/** A session the merchant creates, to be paid on its `checkout_url`; back to the demo shop. */
function createSession(body: {
  amount: number;
  currency: string;
  country_id?: number;
  methods?: string[];
}) {
  return world.backend.createSession({ ...body, return_url: world.checkoutPage });
}

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
    expect(session.checkout_url).toBe(`${world.base}/pay/${session.id}`);
    const response = await run.page.goto(session.checkout_url);
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
    expect(await back.getAttribute('href')).toBe(`${world.checkoutPage}?session=${session.id}`);
  });
  await run.step('automatic-return', async () => {
    // The countdown's navigation is what this step checks ('commit'); the shop's own page then
    // loads at its pace (once, on a loaded machine, its scripts took over 15 s to arrive).
    await run.page.waitForURL((url) => url.href === `${world.checkoutPage}?session=${session.id}`, {
      timeout: 15_000,
      waitUntil: 'commit',
    });
    await widget.waitForStep('success', 30_000);
  });
  await run.step(
    'merchant-api-and-webhook',
    async () => {
      const state = await world.backend.waitForSession(
        session.id,
        (s) =>
          s.status === 'succeeded' &&
          s.webhooks.length === 1 &&
          s.webhooks.every((w) => w.status === 'delivered'),
        'succeeded with its webhook delivered',
      );
      expect(state.attempts.map((a) => a.status)).toEqual(['succeeded']);
      await checkDeliveries(world.inbox, session.id, ['checkout.succeeded']);
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

/**
 * The payer's browser runs no JavaScript (Opera Mini's extreme mode, a feature phone): the
 * hosted page's steps are plain forms; the approve step reloads itself; the page after the
 * payment links back to the shop. axe is clean on every state.
 */
describe('without JavaScript, paid through checkout_url on plain HTML forms (360 px)', () => {
  async function payNoJs(
    name: string,
    locale: string,
    body: { amount: number; currency: string; country_id?: number },
    pay: (run: CaseRun) => Promise<void>,
    returnText: RegExp,
  ) {
    await withPayer(name, { webView: { locale }, javaScriptEnabled: false }, async (run) => {
      const session = await createSession(body);
      const a11y: Record<string, string[]> = {};
      const checkA11y = async (state: string) =>
        void (a11y[state] = await noJsAxe(browser, run.page));
      await run.step('open-checkout-url', async () => {
        const response = await run.page.goto(session.checkout_url);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).not.toContain('unsafe-');
        await waitForNoJsStep(run.page, 'choose');
        await checkA11y('choose');
      });
      await pay(run);
      await run.step('paid-page-with-return-link', async () => {
        // The waiting step's <noscript> refresh brings the paid page.
        const back = run.page.locator('#uc-return a.button');
        await back.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await back.innerText()).toMatch(returnText);
        await checkA11y('paid');
      });
      await run.step('return-to-shop', async () => {
        await Promise.all([
          run.page.waitForURL((url) => url.href === `${world.checkoutPage}?session=${session.id}`, {
            waitUntil: 'commit',
          }),
          run.page.locator('#uc-return a.button').click(),
        ]);
      });
      const state = await world.backend.waitForSession(
        session.id,
        (s) => s.status === 'succeeded' && s.webhooks.every((w) => w.status === 'delivered'),
        'succeeded with its webhook delivered',
      );
      expect(state.attempts.map((a) => a.status)).toEqual(['succeeded']);
      await checkDeliveries(world.inbox, session.id, ['checkout.succeeded']);
      // A refused form answers 400 with the form again (nothing changed), which Chromium's
      // console reports as a failed load: expected here, for the refused posts only.
      const refusals = run.errors.filter((e) =>
        /\/pay\/\w+\/(attempt|otp|choose)\S*: Failed to load resource: .* 4\d\d /.test(e),
      );
      expect(refusals).toHaveLength(1);
      run.errors.splice(0, run.errors.length, ...run.errors.filter((e) => !refusals.includes(e)));
      expect(a11y, 'axe on every no-JS state').toEqual(
        Object.fromEntries(Object.keys(a11y).map((state) => [state, []])),
      );
    });
  }

  /** Chooses `label` and submits the payment form with `mobile`; lands on `next`. */
  async function chooseAndSubmit(run: CaseRun, label: string, mobile: string, next: string) {
    await run.step('choose', async () => {
      await run.page.locator('#uc-nojs label', { hasText: label }).click();
      await Promise.all([
        run.page.waitForURL((url) => url.searchParams.has('method')),
        run.page.locator('#uc-nojs button[type="submit"]').click(),
      ]);
      await waitForNoJsStep(run.page, 'form');
    });
    await run.step('refused-form', async () => {
      // Too short: the widget's sentence under the field, nothing started.
      await run.page.locator('#mobile').fill('71');
      await run.page.locator('#uc-nojs button[type="submit"]').click();
      await run.page.locator('#mobile-error').waitFor();
      expect(await run.page.locator('#mobile').getAttribute('aria-invalid')).toBe('true');
      expect(await run.page.locator('#uc-form-error').getAttribute('data-code')).toBe(
        'VALIDATION_FAILED',
      );
      expect(await noJsAxe(browser, run.page), 'axe on the refused form').toEqual([]);
    });
    await run.step('pay', async () => {
      await run.page.locator('#mobile').fill(mobile);
      await run.page.locator('#uc-nojs button[type="submit"]').click();
      await waitForNoJsStep(run.page, next);
      expect(await noJsAxe(browser, run.page), `axe on ${next}`).toEqual([]);
    });
  }

  test('phone prompt (M-PESA, Kenya)', async () => {
    await payNoJs(
      'hosted-nojs-phone-prompt',
      'en-KE',
      { amount: 1500, currency: 'KES' },
      async (run) => {
        await chooseAndSubmit(run, 'M-PESA', '712345000', 'approve');
        expect(await run.page.locator('#uc-step-heading').innerText()).toBe(
          'Approve on your phone',
        );
      },
      /Return to /,
    );
  });

  test('OTP (Orange, Côte d’Ivoire), in French', async () => {
    await payNoJs(
      'hosted-nojs-otp-fr',
      'fr-CI',
      { amount: 2500, currency: 'XOF', country_id: 3 },
      async (run) => {
        await chooseAndSubmit(run, 'Orange', '0712345000', 'otp');
        await run.step('right-otp', async () => {
          await run.page.locator('#otp').fill('000000');
          await run.page.locator('#uc-nojs button[type="submit"]').click();
        });
      },
      /Retour à /,
    );
  });
});

describe('when the widget cannot be fetched', () => {
  test('the hosted page says so in its language', async () => {
    const run = await CaseRun.open(browser, 'hosted-widget-unreachable', {
      webView: { locale: 'fr-CI' },
    });
    try {
      // The network drops the widget's module: its module script fails to load.
      await run.page.route('**/widget.es.js', (route) => route.abort());
      const session = await createSession({ amount: 1500, currency: 'KES' });
      await run.page.goto(session.checkout_url);
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
