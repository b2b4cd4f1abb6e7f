/**
 * End to end in a real browser: for each method kind, the payer on the merchant's checkout page
 * (Debian Chromium through playwright-core) and the merchant's backend beside it, against the
 * real proxy and sandbox under `wrangler dev` (fresh state, real HTTP on loopback).
 *
 * Every case ends with the same checks (support/outcome.ts): the widget's final screen and
 * events, the session's final state from the merchant API, and exactly one merchant webhook per
 * outcome, each signature verified with the built verifier. Every step saves a screenshot under
 * test-results/e2e/<case>/; a failing step names the case, the step and its screenshot. The
 * last test sweeps every response body, stream message, webhook and the stack's log for
 * secrets and payers' phone numbers.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { findLeaks, formatLeaks } from '../support/secret-sweep';
import { launch } from './browser';
import {
  authorizeFullPage,
  authorizeInPopup,
  chooseMethod,
  fillAndPay,
  openCheckout,
  tryAgain,
  type World,
} from './flows';
import { MerchantBackend, SandboxControl, WebhookInbox } from './support/backend';
import { CaseRun, type CaseOptions } from './support/case-run';
import { SECRETS, TIME_SCALE } from './support/config';
import { assertDeliveries, checkOutcome, checkedSessions } from './support/outcome';
import { SEEN, readBodies } from './support/responses';
import { Widget } from './support/widget';

const galleryDir = process.env.E2E_GALLERY_DIR
  ? path.resolve(process.env.E2E_GALLERY_DIR)
  : undefined;

/** Every payer phone number the suite types, international form: none may ever be echoed back. */
const phones = new Set<string>();
/** A Kenyan / Ugandan / … number for the sandbox: its last three digits script the outcome. */
function phone(dial: string, national: string): string {
  phones.add(dial + national);
  return national;
}

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

/** Runs a case with its own payer; closes it whatever happens. */
async function withPayer(
  name: string,
  body: (run: CaseRun) => Promise<void>,
  options: Omit<CaseOptions, 'galleryDir'> = {},
): Promise<void> {
  const run = await CaseRun.open(browser, name, { ...options, galleryDir });
  try {
    await body(run);
    expect(run.errors, 'page errors and console errors').toEqual([]);
  } finally {
    await run.close();
  }
}

/** A session as the merchant's backend creates it, returning to the merchant's page. */
function createSession(body: {
  amount: number;
  currency: string;
  country_id?: number;
  methods?: string[];
}) {
  return world.backend.createSession({ ...body, return_url: world.checkoutPage });
}

const ok = { status: 'succeeded', code: null } as const;
const failed = (code: string) => ({ status: 'failed', code }) as const;

// ---------------------------------------------------------------- background: a virtual account left to expire

/**
 * The second NGN virtual account is opened first and left alone while the other cases run; its
 * sandbox lifetime (30 sandbox minutes = 90 s at the suite's time scale) ends before the last
 * test, which checks what the payer and the merchant see.
 */
let expiring: { run: CaseRun; widget: Widget; session: string } | null = null;

describe('NGN virtual account left to expire', () => {
  test('the account is shown, then left unpaid', async () => {
    const run = await CaseRun.open(browser, 'virtual-account-expires', { galleryDir });
    const session = await createSession({ amount: 7500, currency: 'NGN' });
    const widget = await openCheckout(run, world, session, 'form');
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
 * A third NGN account, also opened first: the payer's bank transfers into it just before it
 * expires and the bank's confirmation comes after the expiry (the money rules: our clock closes
 * the account for new input, it never refuses money that was sent in time).
 */
let lateTransfer: {
  run: CaseRun;
  widget: Widget;
  session: string;
  account: string;
  expiresAt: number;
} | null = null;

describe('NGN virtual account paid just before its expiry', () => {
  test('the account is shown', async () => {
    const run = await CaseRun.open(browser, 'virtual-account-paid-at-expiry', { galleryDir });
    const session = await createSession({ amount: 6400, currency: 'NGN' });
    const widget = await openCheckout(run, world, session, 'form');
    await fillAndPay(
      run,
      widget,
      { first_name: 'Tunde', last_name: 'Bello', account_name: 'Tunde Bello', bank_code: '17003' },
      'transfer',
    );
    const next = (await widget.view())?.attempt?.next;
    if (next?.type !== 'bank_transfer') throw new Error(`no account: ${JSON.stringify(next)}`);
    lateTransfer = {
      run,
      widget,
      session: session.id,
      account: next.account_number,
      expiresAt: Date.parse(next.expires_at),
    };
  });
});

/**
 * A session the payer leaves open on the form: its shortest lifetime (60 s) ends while the
 * other cases run; the last tests check the expired screen and the one `checkout.expired`.
 */
let abandoned: { run: CaseRun; widget: Widget; session: string } | null = null;

describe('a session left open until it expires', () => {
  test('the payer opens the checkout and leaves', async () => {
    const run = await CaseRun.open(browser, 'session-expires', { galleryDir });
    const session = await world.backend.createSession({
      amount: 990,
      currency: 'KES',
      methods: ['send money'],
      return_url: world.checkoutPage,
      expires_in: 60,
    });
    const widget = await openCheckout(run, world, session, 'form');
    abandoned = { run, widget, session: session.id };
  });
});

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
      const shots = kind === 'phone_prompt'; // the README gallery
      const session = await createSession({ amount, currency });
      const widget = await openCheckout(
        run,
        world,
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
        world,
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
      const widget = await openCheckout(run, world, session, 'choose');
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
      await checkOutcome(run, widget, world, session.id, {
        step: 'success',
        session: 'succeeded',
        attempts: [failed('PM-001'), ok],
      });
    });
  });

  test('timeout: the prompt is never answered', async () => {
    await withPayer(`${name}-timeout`, async (run) => {
      const session = await createSession({ amount, currency, methods: [currencyMethod(label)] });
      const widget = await openCheckout(run, world, session, 'form');
      await fillAndPay(run, widget, { mobile: phone(dial, `${national}002`) }, 'approve');
      await checkOutcome(run, widget, world, session.id, {
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

// ---------------------------------------------------------------- OTP

test('otp_operator (Orange, Côte d’Ivoire): a wrong OTP, then 000000', async () => {
  await withPayer('otp', async (run) => {
    const session = await createSession({ amount: 2500, currency: 'XOF', country_id: 3 });
    const widget = await openCheckout(run, world, session, 'choose');
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
    await checkOutcome(run, widget, world, session.id, {
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
    const widget = await openCheckout(run, world, session, 'choose');
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
      const wait = Date.parse(otp.expires_at) + 1000 - Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      expect(await widget.step()).toBe('confirming');
      expect(await widget.text()).toMatch(/don.t pay again/i);
      expect((await world.backend.session(session.id)).status).toBe('pending');
    });
    await checkOutcome(run, widget, world, session.id, {
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
            const widget = await openCheckout(run, world, session, 'choose');
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
              await authorizeFullPage(run, widget, world, decision);
            }
            await checkOutcome(run, widget, world, session.id, {
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
    const widget = await openCheckout(run, world, session, 'choose');
    await chooseMethod(run, widget, 'Bank (ID number)');
    await run.step(
      'invalid-id',
      async () => {
        await widget.fill({ name: 'Sipho Dlamini', id_number: '8001015009088' });
        await widget.submit();
        await expect.poll(() => widget.fieldProblem('id_number')).not.toBe('');
        expect(await widget.step()).toBe('form');
        const state = await world.backend.session(session.id);
        expect(state.attempts, 'no attempt was sent').toEqual([]);
      },
      { gallery: 'bank-id-invalid' },
    );
    await fillAndPay(run, widget, { id_number: '8001015009087' }, 'redirect');
    await authorizeInPopup(run, widget, 'Approve');
    await checkOutcome(run, widget, world, session.id, {
      step: 'success',
      session: 'succeeded',
      attempts: [ok],
    });
  });
});

// ---------------------------------------------------------------- NGN virtual account

test('virtual_account (NGN): the account is shown, survives a reload, and is paid', async () => {
  await withPayer('virtual-account-paid', async (run) => {
    const session = await createSession({ amount: 5000, currency: 'NGN' });
    const widget = await openCheckout(run, world, session, 'form', 'virtual-account-form');
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
      const paid = await world.sandbox.payVirtualAccount(account, 5000);
      expect(paid.transfer.outcome).toBe('credited');
    });
    await checkOutcome(run, widget, world, session.id, {
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
    const widget = await openCheckout(run, world, session, 'form');
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
    await run.step('approved-on-phone', async () => {
      const state = await world.backend.session(session.id);
      const ref = state.attempts[0]?.upstream_reference;
      if (!ref) throw new Error('the attempt has no upstream reference');
      await world.sandbox.decide(ref, 'success');
    });
    await checkOutcome(run, widget, world, session.id, {
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
      const res = await run.page.goto(`${world.shopPage}?session=${session.id}&locale=fr`);
      await widget.waitForStep('form');
      return res;
    });
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' ");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-');
    expect(new URL(run.page.url()).origin).not.toBe(world.base);
    await fillAndPay(run, widget, { mobile: phone('254', '712346000') }, 'approve', {
      next: 'strict-csp-french',
    });
    await checkOutcome(run, widget, world, session.id, {
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

// ---------------------------------------------------------------- the expired account, checked last

test('virtual account paid just before expiry, confirmed after it: a normal success', async () => {
  if (!lateTransfer) throw new Error('the first tests did not open the account');
  const { run, widget, session, account, expiresAt } = lateTransfer;
  try {
    await run.step('transfer-just-before-expiry', async () => {
      const wait = expiresAt - 3000 - Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      // The bank confirms 8 real seconds later: after the account's expiry.
      const paid = await world.sandbox.payVirtualAccount(account, 6400, 8000 * TIME_SCALE);
      expect(paid.transfer.outcome).toBe('credited');
    });
    await run.step('account-closed-for-new-transfers', () => widget.waitForStep('lapsed', 15_000), {
      gallery: 'virtual-account-closed-awaiting-confirmation',
    });
    await checkOutcome(run, widget, world, session, {
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
    await checkOutcome(run, widget, world, session, {
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
    await checkOutcome(run, widget, world, session, {
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

test('no late or duplicate webhook arrived for any session', async () => {
  expect(checkedSessions.size).toBeGreaterThan(0);
  for (const [session, types] of checkedSessions) {
    assertDeliveries(session, await world.inbox.deliveriesFor(session), types);
  }
});

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
  expect(phones.size).toBeGreaterThanOrEqual(10);
  const leaks = findLeaks(texts, {
    secrets: [SECRETS.serviceSecretKey, SECRETS.merchantApiKey, SECRETS.webhookSecret],
    phones: [...phones],
  });
  expect(leaks, formatLeaks(leaks)).toEqual([]);
});
