/**
 * End to end on the hosted checkout page in a browser without JavaScript: the
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

/**
 * Phones whose browser sends no `Sec-Fetch-Site`: KaiOS 3 (Gecko 84) and Safari before 16.4
 * send `Origin`, which the page's `Referrer-Policy: no-referrer` makes `null` on its own form
 * posts (Chromium does the same, as the request below shows); KaiOS 2.5 sends neither header.
 * Chromium always adds `Sec-Fetch-Site` after interception, so the case's route sends each
 * form post itself from the browser's request (its cookie, body, other headers) without it.
 * The forms let such a phone pay by their token: an HMAC of the session and its
 * `__Host-uc_form` cookie, which Chromium keeps over http://127.0.0.1 (loopback is a secure
 * context).
 */
describe('without Sec-Fetch-Site (KaiOS 3, Safari before 16.4, KaiOS 2.5): the token lets it pay', () => {
  for (const [name, origin] of [
    ['origin-null', 'null'],
    ['neither-header', null],
  ] as const) {
    test(`Origin ${origin ?? 'absent'}, no Sec-Fetch-Site`, async () => {
      await withPayer(
        `hosted-nojs-${name}`,
        { webView: { locale: 'en-KE' }, javaScriptEnabled: false },
        async (run) => {
          const session = await createSession({ amount: 1500, currency: 'KES' });
          const answered: {
            form: string;
            status: number;
            native: string | undefined;
            sent: Record<string, string>;
          }[] = [];
          await run.page.route(/\/pay\/[^/?]+\/(choose|attempt)(\?|$)/, async (route) => {
            const sent = { ...(await route.request().allHeaders()) };
            for (const header of Object.keys(sent)) {
              if (header.startsWith('sec-fetch-')) delete sent[header];
            }
            if (origin === null) delete sent.origin;
            else sent.origin = origin;
            const response = await route.fetch({ headers: sent, maxRedirects: 0 });
            answered.push({
              form: /\/(choose|attempt)\b/.exec(route.request().url())![1]!,
              status: response.status(),
              native: route.request().headers().origin,
              sent,
            });
            await route.fulfill({ response });
          });
          /** Submits the step's form; the status of the post's answer. */
          const submit = async () => {
            const [answer] = await Promise.all([
              run.page.waitForResponse((r) => r.request().method() === 'POST'),
              run.page.locator('#uc-nojs button[type="submit"]').click(),
            ]);
            return answer.status();
          };
          await run.step('open-checkout-url', async () => {
            expect((await run.goto(session.checkout_url))?.status()).toBe(200);
            await waitForNoJsStep(run.page, 'choose');
          });
          await run.step('choose', async () => {
            await run.page.locator('#uc-nojs label', { hasText: 'M-PESA' }).click();
            expect(await submit()).toBe(303);
            await waitForNoJsStep(run.page, 'form');
          });
          await run.step('pay', async () => {
            // …005: pending until approved on the phone.
            await run.page.locator('#mobile').fill('712345005');
            expect(await submit()).toBe(303);
            await waitForNoJsStep(run.page, 'approve');
          });
          await run.step('cookie', async () => {
            const cookies = await run.context.cookies(session.checkout_url);
            const cookie = cookies.find((c) => c.name === '__Host-uc_form');
            expect(cookie, 'the __Host- cookie kept over http://127.0.0.1').toMatchObject({
              secure: true,
              path: '/',
              httpOnly: true,
              sameSite: 'Strict',
            });
          });
          expect(answered.map((a) => [a.form, a.status])).toEqual([
            ['choose', 303],
            ['attempt', 303],
          ]);
          for (const { native, sent } of answered) {
            expect(native, "Chromium's own Origin under no-referrer").toBe('null');
            expect(sent.origin).toBe(origin ?? undefined);
            expect(sent['sec-fetch-site']).toBeUndefined();
            expect(sent.cookie).toMatch(/__Host-uc_form=[\w-]{22}/);
          }
          const state = await suite.world.backend.session(session.id);
          expect(state.attempts.map((a) => a.status)).toEqual(['pending']);
        },
      );
    });
  }
});
