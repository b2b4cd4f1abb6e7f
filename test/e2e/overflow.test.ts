/**
 * Phones first: at 320 and 360 px the demo shop, the hosted page and the widget never scroll
 * sideways, and the widget and its amount are fully on screen, on every main step (choose,
 * form, otp, waiting, outcome, the bank transfer) with the event log filling up beside it. A
 * real payment each time, against the proxy and the sandbox (support/overflow.ts is the check;
 * other pages reuse it).
 */
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { MerchantBackend, SandboxControl } from './support/backend';
import {
  expectNoHorizontalOverflow,
  openOnPhone,
  PHONE_WIDTHS,
  WIDGET_PARTS,
  type PhonePage,
} from './support/overflow';
import { Widget, type Step } from './support/widget';

let browser: Browser;
let base: string;
let backend: MerchantBackend;
let sandbox: SandboxControl;

beforeAll(async () => {
  base = inject('baseUrl');
  backend = new MerchantBackend(base);
  sandbox = new SandboxControl(base);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** A long amount: the widest the header's amount gets in practice. */
const AMOUNT = 125_000_000;
/** M-PESA's largest amount (METHOD_LIMITS' default): above it M-PESA is greyed out. */
const KES_AMOUNT = 250_000;

describe.each(PHONE_WIDTHS)('at %i px', (width) => {
  let phone: PhonePage | null = null;
  /** The session the demo shop is paying. */
  let session = '';
  afterAll(async () => phone?.close());

  /** Opens the demo shop on a new session; the widget on its first step. */
  async function checkout(body: { currency: string; country_id?: number; amount?: number }) {
    await phone?.close();
    ({ id: session } = await backend.createSession({ amount: AMOUNT, ...body }));
    phone = await openOnPhone(browser, width, `${base}/demo/?session=${session}`);
    return new Widget(phone.page);
  }

  async function at(widget: Widget, step: Step) {
    await widget.waitForStep(step);
    await expectNoHorizontalOverflow(widget.page, `${step} at ${width} px`, WIDGET_PARTS);
  }

  test('the demo shop’s own form', async () => {
    await phone?.close();
    phone = await openOnPhone(browser, width, `${base}/demo/`);
    await phone.page.locator('#setup button').waitFor();
    await expectNoHorizontalOverflow(phone.page, `demo setup at ${width} px`);
  });

  test('the hosted page (checkout_url): choose, form, paid, in French', async () => {
    await phone?.close();
    const session = await backend.createSession({ amount: KES_AMOUNT, currency: 'KES' });
    phone = await openOnPhone(browser, width, `${session.checkout_url}?locale=fr`);
    const widget = new Widget(phone.page);
    await at(widget, 'choose');
    await expectNoHorizontalOverflow(widget.page, `hosted page header at ${width} px`, [
      ...WIDGET_PARTS,
      'main',
    ]);
    await widget.choose('M-PESA');
    await at(widget, 'form');
    await widget.fill({ mobile: '0712 345 000' });
    await widget.submit();
    await at(widget, 'success');
  });

  test('choose, form, waiting on the phone, paid', async () => {
    const widget = await checkout({ currency: 'KES', amount: KES_AMOUNT });
    await at(widget, 'choose');
    await widget.choose('M-PESA');
    await at(widget, 'form');
    await widget.fill({ mobile: '+254 712 345 005' }); // …005: approve stays up until approved
    await expectNoHorizontalOverflow(
      widget.page,
      `form, number shown, at ${width} px`,
      WIDGET_PARTS,
    );
    await widget.submit();
    await at(widget, 'approve');
    await sandbox.approveOnPhone(backend, session);
    await at(widget, 'success');
  });

  test('choose among many, the code, a wrong code, confirmed', async () => {
    const widget = await checkout({ currency: 'XOF' });
    await at(widget, 'choose');
    await widget.choose('Orange Money', 3);
    await at(widget, 'form');
    await widget.fill({ mobile: '01 97 00 00 00' });
    await widget.submit();
    await at(widget, 'otp');
    await widget.fill({ otp: '123456' });
    await widget.submit();
    await widget.page.waitForFunction(() =>
      document
        .querySelector('unified-checkout')
        ?.shadowRoot?.querySelector('#otp-error')
        ?.textContent?.includes('not correct'),
    );
    await at(widget, 'otp');
    await widget.fill({ otp: '000000' });
    await widget.submit();
    await at(widget, 'success');
  });

  test('declined, with the reason and the retry buttons', async () => {
    const widget = await checkout({ currency: 'UGX' });
    await at(widget, 'choose');
    await widget.choose('Airtel');
    await widget.waitForStep('form');
    await widget.fill({ mobile: '0772 345 001' });
    await widget.submit();
    await at(widget, 'failure');
  });

  test('the bank transfer’s details', async () => {
    const widget = await checkout({ currency: 'NGN' });
    await at(widget, 'form');
    await widget.fill({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      account_name: 'Ngozi Okafor',
      bank_code: '17001',
    });
    await widget.submit();
    await at(widget, 'transfer');
  });
});
