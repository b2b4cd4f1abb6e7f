/**
 * The live steps, each from a fixture view: approve on the phone, the code (its countdown on a
 * fake clock), the bank transfer, the redirect, and the waiting step.
 */
import { expect } from '@open-wc/testing';
import { fakeClock } from './support/fake-clock';
import {
  IVORY_COAST,
  KENYA,
  NIGERIA,
  SENEGAL,
  attempt,
  inMs,
  money,
  pendingView,
  view,
  withAttempt,
} from './support/views';
import { bodyText, button, mountView, q, qa, submit, type } from './support/dom';

describe('steps: live', () => {
  it('approve_on_phone: the masked phone, what to expect, and a waiting status', async () => {
    const el = await mountView(
      pendingView(KENYA, 'phone_prompt', {
        type: 'approve_on_phone',
        mobile_masked: '2547****5000',
      }),
    );
    expect(el.step).to.equal('approve');
    const text = bodyText(el);
    expect(text).to.contain(`We sent a request for ${money(1500, 'KES')} to +2547****5000.`);
    expect(qa(el, 'ol li')).to.have.length(3);
    expect(text).to.contain('Enter your PIN to approve.');
    expect(q(el, '[role=status]').textContent).to.equal('Waiting for your approval…');
  });

  it('enter_otp: the code field with a 2-minute countdown that ticks (fake clock)', async () => {
    const otp = pendingView(IVORY_COAST, 'otp_operator', {
      type: 'enter_otp',
      expires_at: inMs(120_000),
      tries_left: 3,
    });
    const time = fakeClock();
    try {
      const el = await mountView(otp);
      expect(el.step).to.equal('otp');
      const input = q<HTMLInputElement>(el, 'input#otp');
      // The attribute: Firefox's `autocomplete` property answers '' for tokens it does not use.
      expect(input.getAttribute('autocomplete')).to.equal('one-time-code');
      const timer = q(el, '[role=timer]');
      expect(timer.textContent).to.match(/^Expires in (2:00|1:59)$/);
      expect(bodyText(el)).to.contain('3 tries left.');
      const before = timer.textContent;
      time.advance(1100); // the step ticks once a second
      await el.updateComplete;
      expect(q(el, '[role=timer]').textContent).to.not.equal(before);
      expect(q(el, '[role=timer]').textContent).to.match(/^Expires in 1:5\d$/);
    } finally {
      time.restore();
    }
  });

  it('enter_otp: an expired code disables Confirm', async () => {
    const el = await mountView(
      pendingView(IVORY_COAST, 'otp_operator', {
        type: 'enter_otp',
        expires_at: inMs(-1000),
        tries_left: 1,
      }),
    );
    expect(q(el, '[role=timer]').textContent).to.equal('The code has expired.');
    expect(button(el, 'Confirm').disabled).to.equal(true);
    expect(bodyText(el)).to.contain('1 try left.');
  });

  it('enter_otp: refuses a code that is not digits before sending', async () => {
    const el = await mountView(
      pendingView(IVORY_COAST, 'otp_operator', {
        type: 'enter_otp',
        expires_at: inMs(120_000),
        tries_left: 3,
      }),
    );
    await submit(el);
    expect(q(el, '#otp-error').textContent).to.equal('This field is required.');
    expect(q(el, '#otp').getAttribute('aria-invalid')).to.equal('true');
    await type(el, 'otp', '12ab');
    await submit(el);
    expect(q(el, '#otp-error').textContent).to.equal('Enter the digits of the code.');
  });

  it('bank_transfer: account details with copy buttons and a 30-minute countdown', async () => {
    const base = view([NIGERIA], { amount: 5000 });
    const el = await mountView(
      withAttempt(
        base,
        attempt(NIGERIA, 'virtual_account', 'pending', {
          type: 'bank_transfer',
          account_number: '9912345678',
          bank_name: 'Issuing bank 2',
          amount: 5000,
          currency: 'NGN',
          expires_at: inMs(30 * 60_000),
        }),
      ),
    );
    expect(el.step).to.equal('transfer');
    const values = qa(el, 'dd > span').map((s) => s.textContent);
    expect(values).to.deep.equal(['Issuing bank 2', '9912345678', money(5000, 'NGN')]);
    expect(q(el, '[role=timer]').textContent).to.match(/^Account closes in (30:00|29:59)$/);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const copyButtons = qa<HTMLButtonElement>(el, '[part~=copy]');
    expect(copyButtons.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Copy account number',
      'Copy amount',
    ]);
    copyButtons[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
    expect(copied).to.deep.equal(['9912345678']);
    expect(q(el, '[role=status]').textContent).to.equal('Account number copied.');
    copyButtons[1]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(copied).to.deep.equal(['9912345678', '5000']);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    copyButtons[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
    expect(q(el, '[role=status]').textContent).to.equal('Could not copy. Select the text.');
  });

  it('redirect: opens a named, sized popup on the click', async () => {
    const el = await mountView(
      pendingView(SENEGAL, 'redirect_wallet', {
        type: 'redirect',
        url: 'https://wallet.example/authorize/1',
      }),
    );
    expect(el.step).to.equal('redirect');
    const original = window.open;
    const calls: unknown[][] = [];
    window.open = ((...args: unknown[]) => {
      calls.push(args);
      return {} as Window;
    }) as typeof window.open;
    try {
      button(el, 'Continue to Wave').click();
      await el.updateComplete;
    } finally {
      window.open = original;
    }
    expect(calls).to.have.length(1);
    expect(calls[0]![0]).to.equal('https://wallet.example/authorize/1');
    expect(calls[0]![1]).to.equal('unified-checkout-cs_test');
    expect(calls[0]![2]).to.equal('popup,width=480,height=720');
    expect(bodyText(el)).to.contain('Waiting for the other window…');
    expect(button(el, 'Open the window again')).to.exist;
  });

  it('redirect: falls back to a full-page redirect when the popup is blocked', async () => {
    const el = await mountView(
      pendingView(SENEGAL, 'redirect_wallet', {
        type: 'redirect',
        url: 'https://wallet.example/authorize/2',
      }),
    );
    const original = window.open;
    const navigated: string[] = [];
    // Fault injection: the browser blocks the popup; the page navigation is recorded instead
    // of leaving the test page.
    (el as unknown as { _navigate: (url: string) => void })._navigate = (url) =>
      navigated.push(url);
    window.open = (() => null) as typeof window.open;
    try {
      button(el, 'Continue to Wave').click();
    } finally {
      window.open = original;
    }
    expect(navigated).to.deep.equal(['https://wallet.example/authorize/2']);
  });

  it('redirect: never opens or navigates to a URL that is not https', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://wallet.example/authorize/3',
    ]) {
      const el = await mountView(
        pendingView(SENEGAL, 'redirect_wallet', { type: 'redirect', url }),
      );
      const original = window.open;
      const opened: unknown[] = [];
      const navigated: string[] = [];
      (el as unknown as { _navigate: (url: string) => void })._navigate = (to) =>
        navigated.push(to);
      window.open = ((...args: unknown[]) => {
        opened.push(args);
        return null;
      }) as typeof window.open;
      try {
        button(el, 'Continue to Wave').click();
        await el.updateComplete;
      } finally {
        window.open = original;
      }
      expect(opened, url).to.deep.equal([]);
      expect(navigated, url).to.deep.equal([]);
    }
  });

  it('redirect: plain http only on the proxy endpoint origin (the sandbox pages in development)', async () => {
    const url = `${location.origin}/sandbox/authorize/4`;
    const el = await mountView(pendingView(SENEGAL, 'redirect_wallet', { type: 'redirect', url }));
    expect(el.endpointUrl).to.equal(location.origin);
    const original = window.open;
    const opened: unknown[] = [];
    window.open = ((...args: unknown[]) => {
      opened.push(args[0]);
      return {} as Window;
    }) as typeof window.open;
    try {
      button(el, 'Continue to Wave').click();
      await el.updateComplete;
    } finally {
      window.open = original;
    }
    expect(opened).to.deep.equal([url]);
  });

  it('wait: a confirming status', async () => {
    const el = await mountView(pendingView(IVORY_COAST, 'otp_operator', { type: 'wait' }));
    expect(el.step).to.equal('wait');
    expect(q(el, 'h2').textContent).to.equal('Your payment is being confirmed');
    expect(bodyText(el)).to.contain('Don’t pay again; this page updates by itself.');
    expect(qa(el, 'button')).to.have.length(0);
  });
});
