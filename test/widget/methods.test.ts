/**
 * Payment methods in the widget: the number first with the operator predicted by the real proxy, a
 * method greyed out by its amount range, a slow method marked, and the menu hint after 30 s on
 * the approve step (a fake clock: widget/clock.ts). axe on each new state.
 */
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { axeViolations } from './support/axe';
import { fakeClock } from './support/fake-clock';
import { bodyText, button, mountView, q, qa, submit, type, waitForStep } from './support/dom';
import { createSession, mountSession } from './support/stack';
import { KENYA, RWANDA, attempt, view, withAttempt } from './support/views';

/** The method radios on screen, by label, with whether each is checked and enabled. */
function radios(el: UnifiedCheckout): { label: string; checked: boolean; disabled: boolean }[] {
  return qa(el, '[part~=option]').map((option) => {
    const input = option.querySelector('input')!;
    return {
      label: option.querySelector('strong')!.textContent!,
      checked: input.checked,
      disabled: input.disabled,
    };
  });
}

/** Types a number and waits for the proxy's prediction answer. */
async function typeAndPredict(el: UnifiedCheckout, mobile: string): Promise<void> {
  const original = window.fetch;
  let answered!: () => void;
  const done = new Promise<void>((resolve) => (answered = resolve));
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    if (String(args[0]).endsWith('/predict')) {
      // Once the widget has read the answer too.
      void response
        .clone()
        .json()
        .then(() => setTimeout(answered, 0));
    }
    return response;
  };
  try {
    await type(el, 'mobile', mobile);
    await done;
    await el.updateComplete;
  } finally {
    window.fetch = original;
  }
}

describe('payment methods', function () {
  this.timeout(20_000);
  afterEach(() => fixtureCleanup());

  it('asks for the number first and preselects the predicted operator; change shows the choice', async () => {
    const session = await createSession({ amount: 1000, currency: 'RWF' });
    const el = await mountSession(session);
    await waitForStep(el, 'choose');
    // The number field comes before the methods.
    const field = q(el, '#mobile');
    const methods = q(el, 'fieldset');
    expect(field.compareDocumentPosition(methods) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.ok;
    await typeAndPredict(el, '0788 123 456');
    await waitUntil(() => radios(el).length === 1, 'no prediction shown');
    expect(radios(el)).to.deep.equal([{ label: 'MTN MoMo', checked: true, disabled: false }]);
    expect(await axeViolations(el)).to.deep.equal([]);
    button(el, 'change').click();
    await el.updateComplete;
    expect(radios(el).map((r) => [r.label, r.checked])).to.deep.equal([
      ['MTN MoMo', true],
      ['Airtel Money', false],
    ]);
    // On to the form with the number kept.
    await submit(el);
    await waitForStep(el, 'form');
    expect(q<HTMLInputElement>(el, '#mobile').value).to.equal('0788 123 456');
    expect(q(el, 'h2').textContent).to.contain('MTN MoMo');
  });

  it('an unknown prefix leaves the choice', async () => {
    const session = await createSession({ amount: 1000, currency: 'RWF' });
    const el = await mountSession(session);
    await waitForStep(el, 'choose');
    await typeAndPredict(el, '0751234567');
    expect(radios(el).map((r) => r.label)).to.deep.equal(['MTN MoMo', 'Airtel Money']);
    expect(() => button(el, 'change')).to.throw();
  });

  it('greys out a method whose range excludes the amount, saying why', async () => {
    const limited = {
      ...KENYA,
      methods: [{ ...KENYA.methods[0]!, min: 1, max: 150_000 }, KENYA.methods[1]!],
    };
    const el = await mountView(view([limited], { amount: 200_000 }));
    expect(radios(el)).to.deep.equal([
      { label: 'M-PESA', checked: false, disabled: true },
      { label: 'Airtel Money', checked: true, disabled: false },
    ]);
    expect(bodyText(el)).to.match(/Up to KES\s150,000/);
    expect(await axeViolations(el)).to.deep.equal([]);
    fixtureCleanup();
    const small = await mountView(view([limited], { amount: 200_000 }), 'fr');
    expect(bodyText(small)).to.match(/Jusqu’à 150\s000\sKES/);
    fixtureCleanup();
    const below = {
      ...KENYA,
      methods: [KENYA.methods[0]!, { ...KENYA.methods[1]!, min: 500 }],
    };
    expect(bodyText(await mountView(view([below], { amount: 100 })))).to.match(/From KES\s500/);
  });

  it('marks a degraded method', async () => {
    const slow = {
      ...RWANDA,
      methods: [RWANDA.methods[0]!, { ...RWANDA.methods[1]!, status: 'degraded' as const }],
    };
    const el = await mountView(view([slow]));
    expect(bodyText(el)).to.contain('Airtel Money is slow right now');
    expect(bodyText(el)).to.not.contain('MTN MoMo is slow');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('after 30 s on the approve step, says how to approve from the phone’s menu (fake clock)', async () => {
    const time = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
    try {
      const base = view([RWANDA]);
      const pending = (kind: 'mtn' | 'Airtel') => {
        const at = attempt(RWANDA, 'operator_prompt', 'pending', {
          type: 'approve_on_phone',
          mobile_masked: '250*******456',
        });
        return { ...at, id: `at_${kind}_${time.now}`, method: kind };
      };
      const el = await mountView(withAttempt(base, pending('mtn')));
      await waitForStep(el, 'approve');
      time.advance(29_000); // the step ticks once a second
      await el.updateComplete;
      expect(bodyText(el)).to.not.contain('*182*7#');
      time.advance(1_000);
      await el.updateComplete;
      expect(q(el, '#menu-hint').textContent).to.contain('Dial *182*7#');
      expect(q(el, '[role=status]').textContent).to.contain('*182*7#');
      expect(await axeViolations(el)).to.deep.equal([]);
      fixtureCleanup();
      // Another operator: the generic line; in French.
      const fr = await mountView(withAttempt(base, pending('Airtel')), 'fr');
      await waitForStep(fr, 'approve');
      time.advance(30_000);
      await fr.updateComplete;
      expect(fr.shadowRoot!.querySelector('#menu-hint'), 'no hint').to.not.equal(null);
      expect(q(fr, '#menu-hint').textContent).to.contain('Ouvrez votre menu mobile money');
    } finally {
      time.restore();
    }
  });
});
