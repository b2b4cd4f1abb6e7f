/**
 * End to end on the hosted checkout page (issue 15) in a browser without JavaScript: the
 * merchant sends the payer the session's `checkout_url` alone, and the payer pays there on
 * plain HTML forms. Real proxy, sandbox and browser, as in hosted.test.ts; every step saves a
 * screenshot under test-results/e2e/<case>/.
 */
import { describe, expect, test } from 'vitest';
import type { CaseRun } from './support/case-run';
import { hostedSuite } from './support/hosted-suite';
import { checkDeliveries } from './support/outcome';
import { noJsAxe, waitForNoJsStep } from './support/no-js';

const suite = hostedSuite();
const { createSession, withPayer } = suite;

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
    pay: (run: CaseRun, session: string) => Promise<void>,
    returnText: RegExp,
  ) {
    await withPayer(name, { webView: { locale }, javaScriptEnabled: false }, async (run) => {
      const session = await createSession(body);
      const a11y: Record<string, string[]> = {};
      const checkA11y = async (state: string) =>
        void (a11y[state] = await noJsAxe(suite.browser, run.page));
      await run.step('open-checkout-url', async () => {
        const response = await run.goto(session.checkout_url);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).not.toContain('unsafe-');
        await waitForNoJsStep(run.page, 'choose');
        await checkA11y('choose');
      });
      await pay(run, session.id);
      await run.step('paid-page-with-return-link', async () => {
        // The waiting step's <noscript> refresh brings the paid page.
        const back = run.page.locator('#uc-return a.button');
        await back.waitFor({ state: 'visible', timeout: 30_000 });
        expect(await back.innerText()).toMatch(returnText);
        await checkA11y('paid');
      });
      await run.step('return-to-shop', async () => {
        await Promise.all([
          run.page.waitForURL(
            (url) => url.href === `${suite.world.checkoutPage}?session=${session.id}`,
            {
              waitUntil: 'commit',
            },
          ),
          run.page.locator('#uc-return a.button').click(),
        ]);
      });
      const state = await suite.world.backend.waitForSession(
        session.id,
        (s) => s.status === 'succeeded' && s.webhooks.every((w) => w.status === 'delivered'),
        'succeeded with its webhook delivered',
      );
      expect(state.attempts.map((a) => a.status)).toEqual(['succeeded']);
      await checkDeliveries(suite.world, session.id, ['checkout.succeeded']);
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
      expect(await noJsAxe(suite.browser, run.page), 'axe on the refused form').toEqual([]);
    });
    await run.step('pay', async () => {
      await run.page.locator('#mobile').fill(mobile);
      await run.page.locator('#uc-nojs button[type="submit"]').click();
      await waitForNoJsStep(run.page, next);
      expect(await noJsAxe(suite.browser, run.page), `axe on ${next}`).toEqual([]);
    });
  }

  test('phone prompt (M-PESA, Kenya)', async () => {
    await payNoJs(
      'hosted-nojs-phone-prompt',
      'en-KE',
      { amount: 1500, currency: 'KES' },
      async (run, session) => {
        // …005: pending until approved on the phone, so the approve step cannot pass unseen.
        await chooseAndSubmit(run, 'M-PESA', '712345005', 'approve');
        expect(await run.page.locator('#uc-step-heading').innerText()).toBe(
          'Approve on your phone',
        );
        await run.step('approved-on-phone', () =>
          suite.world.sandbox.approveOnPhone(suite.world.backend, session),
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
