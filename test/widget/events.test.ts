import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import {
  CheckoutErrorEvent,
  CheckoutExpiredEvent,
  CheckoutFailureEvent,
  CheckoutReadyEvent,
  CheckoutStepEvent,
  CheckoutSuccessEvent,
} from '../../widget/index';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { KENYA, attempt, view, withAttempt } from './support/views';
import { bodyText, button, mountView, q, waitForStep } from './support/dom';
import { mountSession } from './support/stack';

const NAMES = [
  'checkout-ready',
  'checkout-step',
  'checkout-success',
  'checkout-failure',
  'checkout-expired',
  'checkout-error',
] as const;

/** Records every checkout event that reaches `document` (so: bubbling and composed). */
function record() {
  const events: Event[] = [];
  const listener = (e: Event) => events.push(e);
  for (const name of NAMES) document.addEventListener(name, listener);
  return {
    events,
    named: (name: string) => events.filter((e) => e.type === name),
    stop: () => NAMES.forEach((name) => document.removeEventListener(name, listener)),
  };
}

describe('events', () => {
  let log: ReturnType<typeof record>;
  beforeEach(() => (log = record()));
  afterEach(() => {
    log.stop();
    fixtureCleanup();
  });

  it('are typed Event subclasses that bubble out of the shadow root, not cancelable', async () => {
    await mountView(view([KENYA], { only: 'phone_prompt' }));
    expect(log.events.length).to.be.greaterThan(0);
    for (const event of log.events) {
      expect(event.bubbles, event.type).to.equal(true);
      expect(event.composed, event.type).to.equal(true);
      expect(event.cancelable, event.type).to.equal(false);
    }
  });

  it('checkout-ready once, with the session, status and amount', async () => {
    const first = view([KENYA], { only: 'phone_prompt', amount: 1234 });
    const el = await mountView(first);
    el.applyView({ ...first, seq: first.seq + 1 });
    await el.updateComplete;
    const ready = log.named('checkout-ready');
    expect(ready).to.have.length(1);
    expect(ready[0]).to.be.instanceOf(CheckoutReadyEvent);
    expect((ready[0] as CheckoutReadyEvent).detail).to.deep.equal({
      session: 'cs_test',
      status: 'open',
      amount: 1234,
      currency: 'KES',
    });
  });

  it('checkout-step on every step change, with the previous step', async () => {
    const base = view([KENYA]);
    const el = await mountView(base);
    button(el, 'Continue').click();
    await el.updateComplete;
    const pending = attempt(KENYA, 'phone_prompt', 'pending', {
      type: 'approve_on_phone',
      mobile_masked: 'x',
    });
    el.applyView(withAttempt(base, pending));
    await el.updateComplete;
    el.applyView(withAttempt(base, { ...pending, status: 'succeeded', next: null }, 'succeeded'));
    await el.updateComplete;
    const steps = log.named('checkout-step') as CheckoutStepEvent[];
    expect(steps.every((e) => e instanceof CheckoutStepEvent)).to.equal(true);
    expect(steps.map((e) => [e.detail.previous, e.detail.step])).to.deep.equal([
      ['loading', 'choose'],
      ['choose', 'form'],
      ['form', 'approve'],
      ['approve', 'success'],
    ]);
  });

  it('checkout-success once (advisory), with the paying attempt', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const paid = withAttempt(
      base,
      attempt(KENYA, 'phone_prompt', 'succeeded', null, null, 'at_1'),
      'succeeded',
    );
    const el = await mountView(paid);
    el.applyView({ ...paid, seq: paid.seq + 1 });
    await el.updateComplete;
    const success = log.named('checkout-success');
    expect(success).to.have.length(1);
    expect(success[0]).to.be.instanceOf(CheckoutSuccessEvent);
    expect((success[0] as CheckoutSuccessEvent).detail).to.deep.equal({
      session: 'cs_test',
      attempt: 'at_1',
      amount: 1500,
      currency: 'KES',
    });
  });

  it('checkout-failure once per failed attempt, with code, message and canRetry', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const first = withAttempt(
      base,
      attempt(
        KENYA,
        'phone_prompt',
        'failed',
        null,
        { code: 'PM-001', message: 'Insufficient funds' },
        'at_1',
      ),
    );
    const el = await mountView(first);
    el.applyView({ ...first, seq: first.seq + 1 });
    await el.updateComplete;
    const second = withAttempt(
      base,
      attempt(KENYA, 'phone_prompt', 'failed', null, null, 'at_2'),
      'failed',
    );
    el.applyView({ ...second, can_retry: false });
    await el.updateComplete;
    const failures = log.named('checkout-failure') as CheckoutFailureEvent[];
    expect(failures.every((e) => e instanceof CheckoutFailureEvent)).to.equal(true);
    expect(failures.map((e) => e.detail)).to.deep.equal([
      {
        session: 'cs_test',
        attempt: 'at_1',
        status: 'failed',
        code: 'PM-001',
        message: 'Insufficient funds',
        canRetry: true,
      },
      {
        session: 'cs_test',
        attempt: 'at_2',
        status: 'failed',
        code: null,
        message: null,
        canRetry: false,
      },
    ]);
  });

  it('checkout-expired once', async () => {
    const expired = view([KENYA], { status: 'expired' });
    const el = await mountView(expired);
    el.applyView({ ...expired, seq: expired.seq + 1 });
    await el.updateComplete;
    const events = log.named('checkout-expired');
    expect(events).to.have.length(1);
    expect(events[0]).to.be.instanceOf(CheckoutExpiredEvent);
    expect((events[0] as CheckoutExpiredEvent).detail).to.deep.equal({ session: 'cs_test' });
  });

  it('checkout-error when the session does not exist (real proxy)', async function () {
    this.timeout(15_000);
    const el = await mountSession('cs_doesnotexist0000000000000');
    const event = (await oneEvent(el, 'checkout-error')) as CheckoutErrorEvent;
    expect(event).to.be.instanceOf(CheckoutErrorEvent);
    expect(event.detail).to.deep.include({
      code: 'SESSION_NOT_FOUND',
      status: 404,
      operation: 'load',
    });
    await waitForStep(el, 'error');
    expect(q(el, '[role=alert]').textContent).to.equal('This checkout does not exist.');
  });

  it('checkout-error NETWORK when the proxy cannot be reached, and a retry', async () => {
    // Listening before the element connects: Firefox refuses a fetch to port 9 (a bad port) at
    // once, so the error can come before fixture() resolves.
    const first = oneEvent(document, 'checkout-error');
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout session="cs_x" endpoint="http://127.0.0.1:9"></unified-checkout>`,
    );
    const event = (await first) as CheckoutErrorEvent;
    expect(event.detail).to.deep.include({ code: 'NETWORK', status: 0, operation: 'load' });
    await waitForStep(el, 'error');
    expect(bodyText(el)).to.contain('The payment service is unreachable.');
    const again = oneEvent(el, 'checkout-error');
    button(el, 'Try again').click();
    expect(((await again) as CheckoutErrorEvent).detail.code).to.equal('NETWORK');
  });
});
