/**
 * End to end in a real suite.browser, the cases with a deadline: three cases are opened first and left
 * to run out their time (an NGN virtual account left unpaid, one paid whose bank confirms after
 * its expiry, a session left open) while the redirect, bank ID and OTP cases run; the last tests
 * check what the payer and the merchant see of the three. The payer is on the merchant's
 * checkout page (Debian Chromium through playwright-core) and the merchant's backend beside it,
 * against the real proxy and sandbox under `wrangler dev` (fresh state, real HTTP on loopback).
 *
 * Every case ends with the same checks (support/outcome.ts): the widget's final screen and
 * events, the session's final state from the merchant API, and exactly one merchant webhook per
 * outcome, each signature verified with the built verifier. Every step saves a screenshot under
 * test-results/e2e/<case>/; a failing step names the case, the step and its screenshot.
 * checkout-prompts.test.ts has the phone and operator prompts and the suite's secret sweep.
 */
import { describe, expect, test } from 'vitest';
import {
  authorizeFullPage,
  authorizeInPopup,
  chooseMethod,
  fillAndPay,
  openCheckout,
} from './flows';
import { CaseRun } from './support/case-run';
import {
  checkoutSuite,
  failed,
  galleryDir,
  noLateWebhooks,
  noLeaks,
  ok,
  phone,
} from './support/checkout-suite';
import { checkOutcome } from './support/outcome';
import type { Widget } from './support/widget';

const suite = checkoutSuite();
const { createSession, withPayer } = suite;

// ---------------------------------------------------------------- background: a virtual account left to expire

/**
 * The second NGN virtual account is opened first and left alone while the other cases run; its
 * sandbox lifetime (30 sandbox minutes = 90 s at the suite's time scale) ends before the last
 * test, which checks what the payer and the merchant see.
 */
let expiring: { run: CaseRun; widget: Widget; session: string } | null = null;

describe('NGN virtual account left to expire', () => {
  test('the account is shown, then left unpaid', async () => {
    const run = await CaseRun.open(suite.browser, 'virtual-account-expires', { galleryDir });
    const session = await createSession({ amount: 7500, currency: 'NGN' });
    const widget = await openCheckout(run, suite.world, session, 'form');
    await fillAndPay(
      run,
      widget,
      {
        first_name: 'Ngozi',
        last_name: 'Okafor',
        account_name: 'Ngozi Okafor',
        bank_code: '17002',
      },
      'transfer',
    );
    expiring = { run, widget, session: session.id };
  });
});

/**
 * A third NGN account, also opened first: the payer's bank takes the transfer before the
 * account expires and confirms it only after the expiry (the money rules: our clock closes the
 * account for new input, it never refuses money that was sent in time). The transfer is made as
 * soon as the account is shown, so no loaded machine can reach it after the expiry; the bank
 * holds its confirmation until the last tests have seen the proxy close the account, then
 * releases it: "after the expiry" follows from the order of events, not from a race of timers.
 */
let lateTransfer: { run: CaseRun; widget: Widget; session: string; transaction: string } | null =
  null;

/** Longer than the suite (a sandbox day, 72 real minutes at 20×): released by hand. */
const HELD_BY_THE_BANK_MS = 24 * 60 * 60_000;

describe('NGN virtual account paid just before its expiry', () => {
  test('the account is shown and paid; the bank holds its confirmation', async () => {
    const run = await CaseRun.open(suite.browser, 'virtual-account-paid-at-expiry', { galleryDir });
    const session = await createSession({ amount: 6400, currency: 'NGN' });
    const widget = await openCheckout(run, suite.world, session, 'form');
    await fillAndPay(
      run,
      widget,
      { first_name: 'Tunde', last_name: 'Bello', account_name: 'Tunde Bello', bank_code: '17003' },
      'transfer',
    );
    const next = (await widget.view())?.attempt?.next;
    if (next?.type !== 'bank_transfer') throw new Error(`no account: ${JSON.stringify(next)}`);
    const paid = await run.step('transfer-before-expiry', async () => {
      expect(Date.now(), 'the transfer is made before the account expires').toBeLessThan(
        Date.parse(next.expires_at),
      );
      const sent = await suite.world.sandbox.payVirtualAccount(
        next.account_number,
        6400,
        HELD_BY_THE_BANK_MS,
      );
      expect(sent.transfer.outcome).toBe('credited');
      return sent;
    });
    lateTransfer = { run, widget, session: session.id, transaction: paid.transaction.ref };
  });
});

/**
 * A session the payer leaves open on the form: its shortest lifetime (60 s) ends while the
 * other cases run; the last tests check the expired screen and the one `checkout.expired`.
 */
let abandoned: { run: CaseRun; widget: Widget; session: string } | null = null;

describe('a session left open until it expires', () => {
  test('the payer opens the checkout and leaves', async () => {
    const run = await CaseRun.open(suite.browser, 'session-expires', { galleryDir });
    const session = await suite.world.backend.createSession({
      amount: 990,
      currency: 'KES',
      methods: ['send money'],
      return_url: suite.world.checkoutPage,
      expires_in: 60,
    });
    const widget = await openCheckout(run, suite.world, session, 'form');
    abandoned = { run, widget, session: session.id };
  });
});
// ---------------------------------------------------------------- OTP

test('otp_operator (Orange, Côte d’Ivoire): a wrong OTP, then 000000', async () => {
  await withPayer('otp', async (run) => {
    const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 3 });
    const widget = await openCheckout(run, suite.world, session, 'choose');
    await chooseMethod(run, widget, 'Orange');
    await fillAndPay(run, widget, { mobile: phone('225', '0712345000') }, 'otp');
    await run.step(
      'wrong-otp',
      async () => {
        await widget.fill({ otp: '123456' });
        await widget.submit();
        await expect.poll(() => widget.fieldProblem('otp')).toMatch(/not correct/i);
      },
      { gallery: 'otp-wrong-code' },
    );
    await run.step('right-otp', async () => {
      await widget.fill({ otp: '000000' });
      await widget.submit();
    });
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
      errors: ['OTP_INVALID'],
    });
    // The refused code is the one console error: Chromium logs the 4xx of the OTP call.
    expect(run.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    run.errors.length = 0;
  });
});

test('OTP accepted, settles after the OTP deadline: "being confirmed", then one success', async () => {
  await withPayer('otp-settles-late', async (run) => {
    const session = await createSession({ amount: 2600, currency: 'XOF', country_id: 3 });
    const widget = await openCheckout(run, suite.world, session, 'choose');
    await chooseMethod(run, widget, 'Orange');
    // 006: the sandbox settles 3 sandbox minutes after the code, the code lives 2.
    await fillAndPay(run, widget, { mobile: phone('225', '0712345006') }, 'otp');
    const otp = (await widget.view())?.attempt?.next;
    if (otp?.type !== 'enter_otp') throw new Error(`no code asked: ${JSON.stringify(otp)}`);
    await run.step(
      'code-accepted',
      async () => {
        await widget.fill({ otp: '000000' });
        await widget.submit();
        await widget.waitForStep('confirming');
      },
      { gallery: 'otp-being-confirmed' },
    );
    await run.step('past-the-code-deadline', async () => {
      // The code's deadline passing on the real clock is what this step is about: the payer's
      // screen is watched through it (every 100 ms), not slept over.
      const pastTheDeadline = Date.parse(otp.expires_at) + 1000;
      while (Date.now() < pastTheDeadline) {
        expect(await widget.step()).toBe('confirming');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await widget.step()).toBe('confirming');
      expect(await widget.text()).toMatch(/don.t pay again/i);
      expect((await suite.world.backend.session(session.id)).status).toBe('pending');
    });
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
  });
}, 60_000);

// ---------------------------------------------------------------- redirect wallet and bank_eft

describe.each([
  {
    kind: 'redirect_wallet',
    label: 'Wave',
    session: { amount: 3000, currency: 'XOF', country_id: 9 },
    values: { mobile: phone('221', '771234000') },
  },
  {
    kind: 'bank_eft',
    label: 'Instant EFT',
    session: { amount: 450, currency: 'ZAR' },
    values: { name: 'Thandi Nkosi', bank_code: '632005' },
  },
])('$kind ($label)', ({ kind, label, session: body, values }) => {
  const name = kind.replace('_', '-');

  for (const variant of ['popup', 'full-page'] as const) {
    for (const decision of ['Approve', 'Decline'] as const) {
      test(`${decision.toLowerCase()}d on the sandbox page (${variant})`, async () => {
        const caseName = `${name}-${decision.toLowerCase()}-${variant}`;
        await withPayer(
          caseName,
          async (run) => {
            const session = await createSession(body);
            const widget = await openCheckout(run, suite.world, session, 'choose');
            await chooseMethod(run, widget, label);
            const shots =
              kind === 'redirect_wallet' && variant === 'popup' && decision === 'Approve';
            await fillAndPay(run, widget, values, 'redirect', {
              next: shots ? 'redirect' : undefined,
            });
            if (variant === 'popup') {
              await authorizeInPopup(
                run,
                widget,
                decision,
                shots ? 'redirect-sandbox-page' : undefined,
              );
            } else {
              await authorizeFullPage(run, widget, suite.world, decision);
            }
            await checkOutcome(run, widget, suite.world, session.id, {
              step: decision === 'Approve' ? 'success' : 'failure',
              session: decision === 'Approve' ? 'succeeded' : 'open',
              attempts: [decision === 'Approve' ? ok : failed('PM-003')],
            });
          },
          { blockPopups: variant === 'full-page' },
        );
      });
    }
  }
});

// ---------------------------------------------------------------- bank ID

test('bank_id (South Africa): an invalid ID is refused in the form, a valid one proceeds', async () => {
  await withPayer('bank-id', async (run) => {
    const session = await createSession({ amount: 900, currency: 'ZAR' });
    const widget = await openCheckout(run, suite.world, session, 'choose');
    await chooseMethod(run, widget, 'Bank (ID number)');
    await run.step(
      'invalid-id',
      async () => {
        await widget.fill({ name: 'Sipho Dlamini', id_number: '8001015009088' });
        await widget.submit();
        await expect.poll(() => widget.fieldProblem('id_number')).not.toBe('');
        expect(await widget.step()).toBe('form');
        const state = await suite.world.backend.session(session.id);
        expect(state.attempts, 'no attempt was sent').toEqual([]);
      },
      { gallery: 'bank-id-invalid' },
    );
    await fillAndPay(run, widget, { id_number: '8001015009087' }, 'redirect');
    await authorizeInPopup(run, widget, 'Approve');
    await checkOutcome(run, widget, suite.world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
  });
});

// ---------------------------------------------------------------- the expired account, checked last

test('virtual account paid just before expiry, confirmed after it: a normal success', async () => {
  if (!lateTransfer) throw new Error('the first tests did not open the account');
  const { run, widget, session, transaction } = lateTransfer;
  try {
    await run.step(
      'account-closed-for-new-transfers',
      () => widget.waitForStep('lapsed', 120_000),
      { gallery: 'virtual-account-closed-awaiting-confirmation' },
    );
    await run.step('bank-confirms-after-expiry', async () => {
      // Closed for input, still waiting for the bank: nothing was failed by our clock.
      const state = await suite.world.backend.session(session);
      expect(state.attempts.map((a) => a.status)).toEqual(['pending']);
      await suite.world.sandbox.decide(transaction, 'success');
    });
    await checkOutcome(run, widget, suite.world, session, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
    expect(run.errors).toEqual([]);
  } finally {
    await run.close();
  }
}, 150_000);

test('NGN virtual account left to expire: the payer and the merchant see it fail', async () => {
  if (!expiring) throw new Error('the first test did not open the account');
  const { run, widget, session } = expiring;
  try {
    await run.step('expired', () => widget.waitForStep('failure', 120_000), {
      gallery: 'virtual-account-expired',
    });
    expect(await widget.text()).toContain('VA-001');
    await checkOutcome(run, widget, suite.world, session, {
      step: 'failure',
      session: 'open',
      attempts: [failed('VA-001')],
    });
    expect(run.errors).toEqual([]);
  } finally {
    await run.close();
  }
}, 150_000);

test('a session left open until it expires: the payer and the merchant see it expire', async () => {
  if (!abandoned) throw new Error('the first tests did not open the session');
  const { run, widget, session } = abandoned;
  try {
    await run.step('expired', () => widget.waitForStep('expired', 60_000), {
      gallery: 'session-expired',
    });
    await checkOutcome(run, widget, suite.world, session, {
      step: 'expired',
      session: 'expired',
      attempts: [],
    });
    expect(run.errors).toEqual([]);
  } finally {
    await run.close();
  }
}, 90_000);

// ---------------------------------------------------------------- after every case

noLateWebhooks(suite);
noLeaks();
