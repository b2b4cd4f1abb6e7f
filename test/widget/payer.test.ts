/**
 * Phones first: brand badges and labels, the code field's keyboard and autofill,
 * WebOTP where the browser has it, the number the phone field will use, and 44 px touch
 * targets on every step.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { CheckoutSuccessEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { mountView, q, qa, submit, type, waitForStep } from './support/dom';
import { registered } from './support/languages';
import { createSession, mountSession } from './support/stack';
import {
  IVORY_COAST,
  KENYA,
  SENEGAL,
  attempt,
  inMs,
  stepViews,
  view,
  withAttempt,
} from './support/views';

// Registered before the tests (the element would otherwise load it on demand).
await registered('fr');

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

function otpView() {
  return withAttempt(
    view([IVORY_COAST], { only: 'otp_operator' }),
    attempt(IVORY_COAST, 'otp_operator', 'pending', {
      type: 'enter_otp',
      expires_at: inMs(120_000),
      tries_left: 3,
    }),
  );
}

describe('brand badges and labels', () => {
  it('shows each method’s brand name and its initials on the brand’s colour', async () => {
    const el = await mountView(view([IVORY_COAST]));
    expect(el.step).to.equal('choose');
    const options = qa(el, '[part~=option]');
    expect(options.map((o) => o.querySelector('strong')?.textContent)).to.deep.equal([
      'MTN MoMo',
      'Orange Money',
      'Wave',
    ]);
    for (const [i, method] of IVORY_COAST.methods.entries()) {
      const badge = options[i]!.querySelector<HTMLElement>('[part~=brand]')!;
      expect(badge.textContent, method.value).to.equal(method.badge!.text);
      expect(badge.getAttribute('aria-hidden')).to.equal('true');
      const style = getComputedStyle(badge);
      expect(style.backgroundColor, method.value).to.equal(rgb(method.badge!.bg));
      expect(style.color, method.value).to.equal(rgb(method.badge!.fg));
      expect(badge.getBoundingClientRect().width).to.be.greaterThan(20);
    }
    // Drawn by a constructable stylesheet: no style attribute (style-src 'self' suffices).
    expect(qa(el, '[style]')).to.have.length(0);
    expect(qa(el, 'style')).to.have.length(0);
  });

  it('shows the brand on the form too', async () => {
    const el = await mountView(view([SENEGAL], { only: 'operator_prompt' }));
    expect(el.step).to.equal('form');
    expect(q(el, 'h2 [part~=brand]').textContent).to.equal('OM');
    expect(q(el, 'h2').textContent).to.contain('Pay with Orange Money');
  });

  it('shows the label alone for a view without a badge, and a neutral badge for a bad colour', async () => {
    const plain = structuredClone(KENYA);
    delete plain.methods[0]!.badge;
    plain.methods[1]!.badge = { text: 'AM', bg: 'red;}', fg: '#ffffff' };
    const el = await mountView(view([plain]));
    const options = qa(el, '[part~=option]');
    expect(options[0]!.querySelector('[part~=brand]')).to.equal(null);
    expect(options[0]!.querySelector('strong')!.textContent).to.equal('M-PESA');
    const neutral = options[1]!.querySelector<HTMLElement>('[part~=brand]')!;
    expect(neutral.className.trim()).to.equal('brand');
    expect(getComputedStyle(neutral).backgroundColor).to.not.equal('rgb(255, 0, 0)');
  });

  it('still shows the choice where constructable stylesheets are missing (Safari < 16.4)', async () => {
    const el = document.createElement('unified-checkout') as UnifiedCheckout;
    el.locale = 'en';
    document.body.append(el);
    try {
      await el.updateComplete;
      Object.defineProperty(el.shadowRoot!, 'adoptedStyleSheets', {
        configurable: true,
        get() {
          throw new TypeError('adoptedStyleSheets is not supported');
        },
      });
      el.applyView(view([IVORY_COAST]));
      await el.updateComplete;
      expect(el.step).to.equal('choose');
      const badges = qa(el, '[part~=brand]');
      expect(badges.map((b) => b.textContent)).to.deep.equal(['MTN', 'OM', 'W']);
      expect(badges.map((b) => b.className.trim())).to.deep.equal(['brand', 'brand', 'brand']);
    } finally {
      el.remove();
    }
  });

  it('shows the proxy’s brands for a real session', async function () {
    this.timeout(20_000);
    const session = await createSession({ amount: 1500, currency: 'XOF', country_id: 2 });
    const el = await mountSession(session);
    await waitForStep(el, 'choose');
    const options = qa(el, '[part~=option]');
    expect(options.map((o) => o.querySelector('strong')?.textContent)).to.deep.equal([
      'MTN MoMo',
      'Moov Money',
    ]);
    const mtn = options[0]!.querySelector<HTMLElement>('[part~=brand]')!;
    expect(mtn.textContent).to.equal('MTN');
    expect(getComputedStyle(mtn).backgroundColor).to.equal('rgb(255, 203, 5)');
  });
});

describe('the code field', () => {
  it('asks for the numeric keyboard and one-time-code autofill', async () => {
    const el = await mountView(otpView());
    expect(el.step).to.equal('otp');
    const input = q<HTMLInputElement>(el, '#otp');
    expect(input.getAttribute('inputmode')).to.equal('numeric');
    expect(input.getAttribute('autocomplete')).to.equal('one-time-code');
  });
});

/**
 * The SMS cannot be caused in a test browser: `navigator.credentials.get` is replaced (and
 * `OTPCredential` defined when the engine lacks it; `navigator.credentials` too in WebKitGTK)
 * to answer like the browser would.
 */
function stubWebOtp(has = true) {
  const calls: { options: CredentialRequestOptions; resolve: (code: string) => void }[] = [];
  // WebKitGTK has no Credential Management at all: give it a container to stub.
  const hadCredentials = 'credentials' in navigator && navigator.credentials !== undefined;
  if (!hadCredentials)
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: {} });
  const original = Object.getOwnPropertyDescriptor(navigator.credentials, 'get');
  const hadOtp = Object.getOwnPropertyDescriptor(window, 'OTPCredential');
  Object.defineProperty(navigator.credentials, 'get', {
    configurable: true,
    value: (options: CredentialRequestOptions) =>
      new Promise((resolve, reject) => {
        calls.push({ options, resolve: (code) => resolve({ type: 'otp', id: '', code }) });
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      }),
  });
  if (has && !hadOtp)
    Object.defineProperty(window, 'OTPCredential', { configurable: true, value: class {} });
  if (!has && hadOtp) delete (window as { OTPCredential?: unknown }).OTPCredential;
  return {
    calls,
    restore() {
      if (!hadCredentials) delete (navigator as { credentials?: unknown }).credentials;
      else if (original) Object.defineProperty(navigator.credentials, 'get', original);
      else delete (navigator.credentials as { get?: unknown }).get;
      if (hadOtp) Object.defineProperty(window, 'OTPCredential', hadOtp);
      else delete (window as { OTPCredential?: unknown }).OTPCredential;
    },
  };
}

describe('WebOTP', () => {
  it('asks the browser for the SMS code, and aborts when the step ends', async () => {
    const stub = stubWebOtp();
    try {
      const base = otpView();
      const el = await mountView(base);
      expect(stub.calls).to.have.length(1);
      const { options } = stub.calls[0]!;
      expect((options as { otp?: unknown }).otp).to.deep.equal({ transport: ['sms'] });
      expect(options.signal).to.be.instanceOf(AbortSignal);
      expect(options.signal!.aborted).to.equal(false);
      // Re-renders on the same step ask nothing more.
      await type(el, 'otp', '12');
      expect(stub.calls).to.have.length(1);
      // The code fills the field and is sent (this view's session is unknown to the test
      // server, hence the error: the request was made).
      const sent = oneEvent(el, 'checkout-error');
      stub.calls[0]!.resolve('123456');
      expect((await sent).detail.operation).to.equal('otp');
      await el.updateComplete;
      expect(q<HTMLInputElement>(el, '#otp').value).to.equal('123456');
      // After a refused code the browser is asked again (a new SMS may come).
      await waitUntil(() => stub.calls.length === 2, 'WebOTP was not asked again');
      const { options: again } = stub.calls[1]!;
      el.applyView(
        withAttempt(base, {
          ...base.attempt!,
          input: 'given',
          next: { type: 'confirming' },
        }),
      );
      await el.updateComplete;
      expect(el.step).to.equal('confirming');
      expect(again.signal!.aborted).to.equal(true);
    } finally {
      stub.restore();
    }
  });

  it('aborts when the element leaves the page', async () => {
    const stub = stubWebOtp();
    try {
      const el = await mountView(otpView());
      const { signal } = stub.calls[0]!.options;
      el.remove();
      expect(signal!.aborted).to.equal(true);
    } finally {
      stub.restore();
    }
  });

  it('does nothing where the browser has no WebOTP', async () => {
    const stub = stubWebOtp(false);
    try {
      const el = await mountView(otpView());
      expect(el.step).to.equal('otp');
      expect(stub.calls).to.have.length(0);
    } finally {
      stub.restore();
    }
  });

  it('fills in the code from the SMS and sends it (real proxy and sandbox)', async function () {
    this.timeout(30_000);
    const stub = stubWebOtp();
    try {
      const session = await createSession({ amount: 900, currency: 'XOF', country_id: 3 });
      const el = await mountSession(session);
      await waitForStep(el, 'choose');
      const option = qa(el, '[part~=option]').find((o) => o.textContent?.includes('Orange'))!;
      option.querySelector('input')!.click();
      await el.updateComplete;
      await submit(el);
      await waitForStep(el, 'form');
      await type(el, 'mobile', '01 97 00 00 00');
      await submit(el);
      await waitForStep(el, 'otp');
      await waitUntil(() => stub.calls.length === 1, 'WebOTP was not asked');
      const success = oneEvent(el, 'checkout-success') as Promise<CheckoutSuccessEvent>;
      stub.calls[0]!.resolve('000000'); // the sandbox's right code: the payer types nothing
      expect((await success).detail.session).to.equal(session);
    } finally {
      stub.restore();
    }
  });
});

describe('the phone field', () => {
  const hint = (el: UnifiedCheckout) => q(el, '#mobile-hint').textContent;

  it('accepts what people type and shows the number it will use', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    expect(hint(el)).to.equal('+254 then 9 digits');
    for (const typed of ['0712-345 678', '+254 712 345 678', '712345678', '00254 (0)712.345.678']) {
      await type(el, 'mobile', typed);
      expect(hint(el), typed).to.equal('We’ll send the prompt to +254 712 345 678.');
    }
    await type(el, 'mobile', '0712 345');
    expect(hint(el)).to.equal('+254 then 9 digits');
    expect(q(el, '#mobile').getAttribute('aria-describedby')).to.contain('mobile-hint');
  });

  it('says what the number is for, per method', async () => {
    const otp = await mountView(view([IVORY_COAST], { only: 'otp_operator' }));
    await type(otp, 'mobile', '01 97 00 00 00');
    expect(hint(otp)).to.equal('We’ll send the code to +225 0197 000 000.');
    const wallet = await mountView(view([SENEGAL], { only: 'redirect_wallet' }));
    await type(wallet, 'mobile', '77 123 45 67');
    expect(hint(wallet)).to.equal('Wallet number: +221 771 234 567');
    const fr = await mountView(view([KENYA], { only: 'phone_prompt' }), 'fr');
    await type(fr, 'mobile', '0712345678');
    expect(hint(fr)).to.equal('Nous enverrons la demande au +254 712 345 678.');
  });
});

describe('a narrow screen', () => {
  it('keeps a long amount inside the panel (the header wraps)', async () => {
    const frame = document.createElement('div');
    frame.style.width = '288px'; // a 320 px phone less the page's margins
    document.body.append(frame);
    try {
      const el = document.createElement('unified-checkout') as UnifiedCheckout;
      el.locale = 'en';
      frame.append(el);
      el.applyView(view([IVORY_COAST], { amount: 999_999_999_999 }));
      await el.updateComplete;
      const panel = q(el, '[part~=panel]').getBoundingClientRect();
      const amount = q(el, '[part~=amount]').getBoundingClientRect();
      expect(amount.right, 'amount right edge').to.be.at.most(panel.right);
      expect(amount.left, 'amount left edge').to.be.at.least(panel.left);
      expect(el.getBoundingClientRect().right).to.be.at.most(frame.getBoundingClientRect().right);
      expect(frame.scrollWidth).to.be.at.most(288);
    } finally {
      frame.remove();
    }
  });
});

describe('touch targets', () => {
  /** Controls a finger presses: buttons, fields, selects and the method options (the radio's label). */
  function targets(el: UnifiedCheckout): HTMLElement[] {
    return qa<HTMLElement>(el, 'button, select, input:not([type=radio]), [part~=option]').filter(
      (node) => node.getClientRects().length > 0,
    );
  }

  async function check(rootFontSize: string) {
    document.documentElement.style.fontSize = rootFontSize;
    try {
      for (const [name, v, withErrors] of stepViews()) {
        const el = await mountView(v);
        if (withErrors && el.step === 'form') await submit(el);
        for (const node of targets(el)) {
          const { width, height } = node.getBoundingClientRect();
          const what = `${name}: ${node.tagName.toLowerCase()}#${node.id} "${node.textContent?.trim().slice(0, 30)}"`;
          expect(height, what).to.be.at.least(44);
          expect(width, what).to.be.at.least(44);
        }
        el.remove();
      }
    } finally {
      document.documentElement.style.fontSize = '';
    }
  }

  it('are at least 44 × 44 px on every step', async () => {
    await check('');
  });

  it('stay 44 px on a page whose root font is small', async () => {
    await check('12px');
  });
});
