/**
 * End to end in a real browser: the payer on the merchant's checkout page (Debian Chromium
 * through playwright-core) pays by a phone or operator prompt, by a transfer into an NGN
 * virtual account, after a reload mid-payment, and on a page with a strict CSP; the merchant's
 * backend is beside them, against the real proxy and sandbox under `wrangler dev` (fresh state,
 * real HTTP on loopback). checkout-expiry.test.ts has the cases with a deadline and the
 * redirects.
 *
 * Every case ends with the same checks (support/outcome.ts): the widget's final screen and
 * events, the session's final state from the merchant API, and exactly one merchant webhook per
 * outcome, each signature verified with the built verifier. Every step saves a screenshot under
 * test-results/e2e/<case>/; a failing step names the case, the step and its screenshot. The
 * last test (in both checkout files) sweeps every response body, stream message, webhook and
 * the stack's log for secrets and payers' phone numbers.
 */
import { describe, expect, test } from 'vitest';
import { chooseMethod, fillAndPay, openCheckout, tryAgain } from './flows';
import {
  checkoutSuite,
  failed,
  noLateWebhooks,
  noLeaks,
  ok,
  phone,
} from './support/checkout-suite';
import { checkOutcome } from './support/outcome';
import { Widget } from './support/widget';

const suite = checkoutSuite();
const { createSession, withPayer } = suite;

// ---------------------------------------------------------------- phone and operator prompts

describe.each([
  {
    kind: 'phone_prompt',
    label: 'M-PESA',
    currency: 'KES',
    amount: 1500,
    dial: '254',
    national: '712345',
    country: 'Kenya',
  },
  {
    kind: 'operator_prompt',
    label: 'Airtel',
    currency: 'UGX',
    amount: 20000,
    dial: '256',
    national: '752345',
    country: 'Uganda',
  },
])('$kind ($label, $country)', ({ kind, label, currency, amount, dial, national }) => {
  const name = kind.replace('_', '-');

  test('success: approved on the phone', async () => {
    await withPayer(`${name}-success`, async (run) => {
      const shots = kind === 'phone_prompt'; // the gallery (docs/gallery.md)
      const session = await createSession({ amount, currency });
      const widget = await openCheckout(
        run,
        suite.world,
        session,
        'choose',
        shots ? 'choose' : undefined,
      );
      await chooseMethod(run, widget, label);
      await fillAndPay(
        run,
        widget,
        { mobile: phone(dial, `${national}000`) },
        'approve',
        shots ? { form: 'phone-form', next: 'approve-on-phone' } : undefined,
      );
      const final = await checkOutcome(
        run,
        widget,
        suite.world,
        session.id,
        { step: 'success', session: 'succeeded', attempts: [ok] },
        shots ? 'success' : undefined,
      );
      // The merchant sees the payer's phone masked, never whole.
      const whole = dial + national + '000';
      // Its dial code and last 3 digits, nothing else.
      expect(final.attempts[0]?.mobile).toBe(
        `${dial}${'*'.repeat(whole.length - dial.length - 3)}000`,
      );
    });
  });

  test('failure, then a retry that succeeds', async () => {
    await withPayer(`${name}-retry`, async (run) => {
      const session = await createSession({ amount, currency });
      const widget = await openCheckout(run, suite.world, session, 'choose');
      await chooseMethod(run, widget, label);
      await fillAndPay(run, widget, { mobile: phone(dial, `${national}001`) }, 'approve');
      await run.step(
        'declined',
        async () => {
          await widget.waitForStep('failure');
          expect(await widget.text()).toContain('(PM-001)');
        },
        { gallery: kind === 'phone_prompt' ? 'failure-with-retry' : undefined },
      );
      await tryAgain(run, widget);
      await fillAndPay(run, widget, { mobile: phone(dial, `${national}000`) }, 'approve');
      await checkOutcome(run, widget, suite.world, session.id, {
        step: 'success',
        session: 'succeeded',
        attempts: [failed('PM-001'), ok],
      });
    });
  });

  test('timeout: the prompt is never answered', async () => {
    await withPayer(`${name}-timeout`, async (run) => {
      const session = await createSession({ amount, currency, methods: [currencyMethod(label)] });
      const widget = await openCheckout(run, suite.world, session, 'form');
      await fillAndPay(run, widget, { mobile: phone(dial, `${national}002`) }, 'approve');
      await checkOutcome(run, widget, suite.world, session.id, {
        step: 'failure',
        session: 'open',
        attempts: [failed('PM-002')],
      });
      expect(await widget.text()).toContain('(PM-002)');
    });
  });
});

/** The `payment_method_type` behind a label of the prompts above. */
function currencyMethod(label: string): string {
  return label === 'M-PESA' ? 'send money' : label;
}

// ---------------------------------------------------------------- NGN virtual account

test('virtual_account (NGN): the account is shown, survives a reload, and is paid', async () => {
  await withPayer('virtual-account-paid', async (run) => {
    const session = await createSession({ amount: 5000, currency: 'NGN' });
    const widget = await openCheckout(run, suite.world, session, 'form', 'virtual-account-form');
    await fillAndPay(
      run,
      widget,
      { first_name: 'Ada', last_name: 'Obi', account_name: 'Ada Obi', bank_code: '17001' },
      'transfer',
      { next: 'virtual-account' },
    );
    const account = await run.step(
      'account-shown',
      async () => {
        const next = (await widget.view())?.attempt?.next;
        if (next?.type !== 'bank_transfer') throw new Error(`no account: ${JSON.stringify(next)}`);
        expect(next.account_number).toMatch(/^\d{10}$/);
        const text = await widget.text();
        expect(text).toContain(next.account_number);
        expect(text).toContain(next.bank_name);
        return next.account_number;
      },
      { screenshot: false },
    );
    await run.step('reload', async () => {
      await run.page.reload();
      await widget.waitForStep('transfer');
      expect(await widget.text()).toContain(account);
    });
    await run.step('transfer-from-bank', async () => {
      const paid = await suite.world.sandbox.payVirtualAccount(account, 5000);
      expect(paid.transfer.outcome).toBe('credited');
    });
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
  });
});

// ---------------------------------------------------------------- reload mid-payment

test('a reload while the prompt waits on the phone resumes at the approve step', async () => {
  await withPayer('reload-mid-payment', async (run) => {
    const session = await createSession({ amount: 1200, currency: 'KES', methods: ['send money'] });
    const widget = await openCheckout(run, suite.world, session, 'form');
    await fillAndPay(run, widget, { mobile: phone('254', '712345005') }, 'approve');
    const before = (await widget.view())?.attempt?.id;
    await run.step('reload', async () => {
      await run.page.reload();
      await widget.waitForStep('approve');
      expect((await widget.view())?.attempt?.id).toBe(before);
      // The reloaded page's first step is the approve step: straight from loading, no form.
      const loads = run.eventsOf('checkout-step').filter((e) => e.detail.previous === 'loading');
      expect(loads.map((e) => e.detail.step)).toEqual(['form', 'approve']);
      expect(loads[1]?.url).toContain(`session=${session.id}`);
    });
    await run.step('approved-on-phone', () =>
      suite.world.sandbox.approveOnPhone(suite.world.backend, session.id),
    );
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
  });
});

// ---------------------------------------------------------------- strict CSP

test('a merchant page with a strict CSP on another origin (French)', async () => {
  await withPayer('strict-csp', async (run) => {
    const session = await createSession({ amount: 1500, currency: 'KES', methods: ['send money'] });
    const widget = new Widget(run.page);
    const response = await run.step('open', async () => {
      const res = await run.goto(`${suite.world.shopPage}?session=${session.id}&locale=fr`);
      await widget.waitForStep('form');
      return res;
    });
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' ");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-');
    expect(new URL(run.page.url()).origin).not.toBe(suite.world.base);
    await fillAndPay(run, widget, { mobile: phone('254', '712346000') }, 'approve', {
      next: 'strict-csp-french',
    });
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
    expect(await widget.text(), 'the French translation, loaded under the CSP').toContain(
      'Paiement reçu',
    );
    expect(run.violations).toEqual([]);
    // The watch itself works: an inline script, which the policy forbids, is reported.
    await run.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.head.append(script);
    });
    await expect.poll(() => run.violations.join('\n')).toContain('script-src');
    expect(await run.page.evaluate(() => 'inlineRan' in window)).toBe(false);
    run.violations.length = 0;
    run.errors.length = 0; // Chromium also logs the refusal as a console error
  });
});

// ---------------------------------------------------------------- after every case

noLateWebhooks(suite);
noLeaks();
