/**
 * The money rules, live: the element follows a scripted stream (a stand-in WebSocket
 * and fetch, the path the proxy's messages take) on a fake clock: an accepted code stays
 * "confirming" past its deadline, and an expired session with an unsettled payment is followed
 * until its late success.
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import { CheckoutSuccessEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import type { CheckoutView } from '../../shared/view';
import { q, waitForStep } from './support/dom';
import { fakeClock, type FakeClock } from './support/fake-clock';
import { announced, buttons, ci, otpAttempt, record } from './support/outcome-log';
import {
  CONFIRMING,
  KENYA,
  SENEGAL,
  attempt,
  inMs,
  lapsedFor,
  view,
  withAttempt,
} from './support/views';

/**
 * A scripted proxy: `fetch` answers the view GET and the OTP POST, and `WebSocket` is a stream
 * the test pushes views into (as the proxy's stream would).
 */
function scriptedProxy(first: CheckoutView, otpAnswer?: CheckoutView) {
  const realFetch = window.fetch;
  const RealSocket = window.WebSocket;
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => this.onopen?.(), 0);
    }
    close() {
      this.closed = true;
    }
  }
  const json = (v: CheckoutView) =>
    new Response(JSON.stringify(v), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/otp') && init?.method === 'POST' && otpAnswer) return json(otpAnswer);
    return json(first);
  };
  (window as { WebSocket: unknown }).WebSocket = FakeSocket;
  return {
    /** Sends a view on the open stream (fails the test when the element stopped following). */
    push(v: CheckoutView) {
      const socket = sockets.at(-1);
      if (!socket || socket.closed || !socket.onmessage) throw new Error('no open stream');
      socket.onmessage({ data: JSON.stringify({ type: 'view', seq: v.seq, view: v }) });
    },
    restore() {
      window.fetch = realFetch;
      window.WebSocket = RealSocket;
    },
  };
}

async function mountLive(locale = 'en'): Promise<UnifiedCheckout> {
  const el = await fixture<UnifiedCheckout>(
    html`<unified-checkout
      session="cs_test"
      endpoint="http://proxy.test"
      locale=${locale}
    ></unified-checkout>`,
  );
  await waitUntil(() => el.connection === 'live', `stream never opened (${el.connection})`);
  return el;
}

describe('money rules, live (scripted stream)', () => {
  let log: ReturnType<typeof record>;
  let proxy: ReturnType<typeof scriptedProxy> | null = null;
  let time: FakeClock;
  beforeEach(() => {
    log = record();
    time = fakeClock();
  });
  afterEach(() => {
    time.restore();
    log.stop();
    proxy?.restore();
    proxy = null;
    fixtureCleanup();
  });

  it('an accepted code past its deadline stays "confirming" until the success (fake clock)', async () => {
    const deadline = inMs(400);
    const otp = otpAttempt({ type: 'enter_otp', expires_at: deadline, tries_left: 3 });
    const first = withAttempt(ci(), otp);
    const confirming = withAttempt(ci(), { ...otp, input: 'given', next: CONFIRMING }); // later seq
    proxy = scriptedProxy(first, confirming);
    const el = await mountLive();
    await waitForStep(el, 'otp');
    const input = q<HTMLInputElement>(el, '#otp');
    input.value = '123456';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    q<HTMLFormElement>(el, 'form').requestSubmit();
    await waitForStep(el, 'confirming');
    time.advance(Date.parse(deadline) + 300 - time.now); // the code's deadline has passed
    proxy.push({ ...confirming, seq: confirming.seq + 1 }); // the stream repeats: still pending
    await el.updateComplete;
    expect(el.step).to.equal('confirming');
    expect(el.connection).to.equal('live');
    expect(buttons(el)).to.deep.equal([]);
    expect(announced(el)).to.contain('Don’t pay again; this page updates by itself.');
    proxy.push(withAttempt(ci(), { ...otp, status: 'succeeded', input: 'given', next: null }));
    await waitForStep(el, 'success');
    expect(log.steps()).to.deep.equal(['otp', 'confirming', 'success']);
    expect(log.named('checkout-success')).to.have.length(1);
    expect(log.named('checkout-failure')).to.have.length(0);
    expect(el.connection).to.equal('idle'); // final now
  });

  it('an expired session with an unsettled payment keeps following; a late success fires checkout-success', async () => {
    const base = view([SENEGAL], { only: 'redirect_wallet' });
    const redirect = attempt(
      SENEGAL,
      'redirect_wallet',
      'pending',
      lapsedFor('redirect_unanswered'),
      null,
      'at_wave',
    );
    proxy = scriptedProxy(withAttempt(base, redirect));
    const el = await mountLive();
    await waitForStep(el, 'lapsed');
    proxy.push(withAttempt(base, redirect, 'expired'));
    await waitForStep(el, 'closed_confirming');
    expect(log.named('checkout-expired')).to.have.length(1);
    expect(log.named('checkout-failure')).to.have.length(0);
    expect(el.connection).to.equal('live');
    // The upstream answers at last: paid.
    proxy.push(withAttempt(base, { ...redirect, status: 'succeeded', next: null }, 'succeeded'));
    await waitForStep(el, 'success');
    const success = log.named('checkout-success');
    expect(success).to.have.length(1);
    expect((success[0] as CheckoutSuccessEvent).detail).to.deep.include({ attempt: 'at_wave' });
    expect(log.steps()).to.deep.equal(['lapsed', 'closed_confirming', 'success']);
  });

  it('needs_review on an expired session is followed too; a plain expiry is final', async () => {
    const ke = view([KENYA], { only: 'phone_prompt' });
    const review = attempt(KENYA, 'phone_prompt', 'needs_review', null, null, 'at_r');
    proxy = scriptedProxy(withAttempt(ke, review, 'expired'));
    const el = await mountLive();
    await waitForStep(el, 'needs_review');
    expect(el.connection).to.equal('live');
    proxy.push(withAttempt(ke, { ...review, status: 'failed' }, 'expired'));
    await waitForStep(el, 'expired');
    expect(el.connection).to.equal('idle');
    expect(log.named('checkout-failure')).to.have.length(0); // the session had expired
  });
});
