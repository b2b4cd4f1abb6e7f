import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { axeViolations } from './support/axe';
import { focused, mountView, q, submit, waitForStep } from './support/dom';
import { createSession, mountSession } from './support/stack';
import {
  KENYA,
  NIGERIA,
  attempt,
  inMs,
  lapsedFor,
  stepViews,
  view,
  withAttempt,
} from './support/views';

describe('accessibility', () => {
  afterEach(() => fixtureCleanup());

  // The theme by its attribute, in every engine: the dark palette is the same block of CSS
  // whether the attribute or prefers-color-scheme selects it (element.test.ts checks both).
  for (const scheme of ['light', 'dark'] as const) {
    it(`axe finds no violation on any step (${scheme} theme)`, async function () {
      this.timeout(30_000);
      const failures: string[] = [];
      for (const [name, v, showErrors] of stepViews()) {
        const el = await mountView(v);
        el.theme = scheme;
        await el.updateComplete;
        if (showErrors) await submit(el);
        for (const line of await axeViolations(el)) failures.push(`${name}: ${line}`);
        fixtureCleanup();
      }
      const loading = await fixture<UnifiedCheckout>(
        html`<unified-checkout theme=${scheme}></unified-checkout>`,
      );
      failures.push(...(await axeViolations(loading)).map((l) => `loading: ${l}`));
      expect(failures).to.deep.equal([]);
    });
  }

  it('axe finds no violation on the error step', async () => {
    // Listening first: Firefox refuses a fetch to port 9 (a bad port) before fixture() resolves.
    const failed = oneEvent(document, 'checkout-error');
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout session="cs_x" endpoint="http://127.0.0.1:9"></unified-checkout>`,
    );
    await failed;
    await waitForStep(el, 'error');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('labels every control', async () => {
    for (const [name, v] of stepViews()) {
      const el = await mountView(v);
      for (const control of el.shadowRoot!.querySelectorAll('input, select, button')) {
        const id = control.id;
        const labelled =
          control.getAttribute('aria-label') ||
          (control.tagName === 'BUTTON' && control.textContent?.trim()) ||
          (id && el.shadowRoot!.querySelector(`label[for="${id}"]`)?.textContent?.trim()) ||
          control.closest('label')?.textContent?.trim();
        expect(labelled, `${name}: ${control.outerHTML}`).to.be.ok;
      }
      fixtureCleanup();
    }
  });

  it('moves focus to the heading of each new step, but not on first load', async () => {
    const base = view([KENYA]);
    const el = await mountView(base);
    expect(focused(el)).to.equal(null); // first paint: focus stays where the page had it
    q<HTMLButtonElement>(el, '[part~=primary]').click();
    await el.updateComplete;
    expect(el.step).to.equal('form');
    expect(focused(el)).to.equal(q(el, 'h2'));
    const pending = attempt(KENYA, 'phone_prompt', 'pending', {
      type: 'approve_on_phone',
      mobile_masked: 'x',
    });
    el.applyView(withAttempt(base, pending));
    await el.updateComplete;
    expect(focused(el)).to.equal(q(el, 'h2'));
    expect(q(el, 'h2').textContent).to.equal('Approve on your phone');
  });

  it('announces status in a polite live region that is always present', async () => {
    const base = view([KENYA], { only: 'phone_prompt' });
    const el = await mountView(base);
    const region = q(el, '[role=status]');
    expect(region.textContent).to.equal('');
    el.applyView(
      withAttempt(
        base,
        attempt(KENYA, 'phone_prompt', 'pending', { type: 'approve_on_phone', mobile_masked: 'x' }),
      ),
    );
    await el.updateComplete;
    expect(q(el, '[role=status]')).to.equal(region); // same node: screen readers hear changes
    expect(region.textContent).to.equal('Waiting for your approval…');
    el.applyView(
      withAttempt(
        base,
        attempt(KENYA, 'phone_prompt', 'failed', null, { code: 'PM-001', message: 'Declined' }),
      ),
    );
    await el.updateComplete;
    expect(region.textContent).to.equal(
      'Payment not completed The payment did not go through. Reason: Declined (PM-001)',
    );
  });

  it('is fully usable by keyboard: choose, fill, pay (real proxy)', async function () {
    this.timeout(20_000);
    const session = await createSession({ amount: 1500, currency: 'KES' });
    const el = await mountSession(session);
    await waitForStep(el, 'choose');
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' }); // into the widget: the first method radio
    expect(focused(el)?.getAttribute('name')).to.equal('method');
    await sendKeys({ press: 'ArrowDown' }); // second method (Airtel)
    expect((focused(el) as HTMLInputElement).value).to.equal('Airtel');
    await sendKeys({ press: 'ArrowUp' }); // back to M-PESA
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent?.trim()).to.equal('Continue');
    await sendKeys({ press: 'Enter' });
    await waitForStep(el, 'form');
    expect(focused(el)).to.equal(q(el, 'h2'));
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.id).to.equal('mobile');
    await sendKeys({ type: '712345000' });
    await sendKeys({ press: 'Enter' }); // implicit submission
    await waitForStep(el, 'approve');
    expect(focused(el)).to.equal(q(el, 'h2'));
    await waitForStep(el, 'success', 15_000);
  });

  it('keyboard: Space on a copy button and Enter on retry', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => undefined },
    });
    const ng = view([NIGERIA]);
    const el = await mountView(
      withAttempt(
        ng,
        attempt(NIGERIA, 'virtual_account', 'pending', {
          type: 'bank_transfer',
          account_number: '9912345678',
          bank_name: 'Issuing bank 1',
          amount: 1500,
          currency: 'NGN',
          expires_at: inMs(1_800_000),
        }),
      ),
    );
    q<HTMLButtonElement>(el, '[part~=copy]').focus();
    await sendKeys({ press: ' ' }); // the space bar ('Space' is a name only CDP knows)
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
    expect(q(el, '[role=status]').textContent).to.equal('Account number copied.');
    el.applyView(
      withAttempt(ng, attempt(NIGERIA, 'virtual_account', 'pending', lapsedFor('account_expired'))),
    );
    await el.updateComplete;
    expect(focused(el)).to.equal(q(el, 'h2'));
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent?.trim()).to.equal('Try again');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.step).to.equal('form');
  });
});
