// The `initial-view` hook (the hosted page): a page that already has the session's
// first view (rendered on the server) hands it to the element, which paints its first step from
// it without `GET /v1/checkout/:id`. The endpoint here answers nothing (port 1), so any fetch
// the element made would end in a NETWORK error on the load.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/index';
import type { CheckoutErrorEvent, CheckoutStepEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { KENYA, view } from './support/views';
import { waitForStep } from './support/dom';

const NOWHERE = 'http://127.0.0.1:1';

async function mount(session: string, initial: string) {
  const steps: string[] = [];
  const errors: string[] = [];
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.addEventListener('checkout-step', (e) => {
    const { step, previous } = (e as CheckoutStepEvent).detail;
    steps.push(`${previous}→${step}`);
  });
  wrapper.addEventListener('checkout-error', (e) =>
    errors.push(
      `${(e as CheckoutErrorEvent).detail.operation}:${(e as CheckoutErrorEvent).detail.code}`,
    ),
  );
  const el = document.createElement('unified-checkout') as UnifiedCheckout;
  el.setAttribute('endpoint', NOWHERE);
  el.setAttribute('session', session);
  el.setAttribute('initial-view', initial);
  wrapper.append(el);
  await el.updateComplete;
  return { el, steps, errors };
}

describe('initial-view', () => {
  it('paints the first step from the given view, with no loading step and no fetch', async () => {
    const given = { ...view([KENYA]), id: 'cs_initialviewaaaaaaaaaaaaaa' };
    // A load would fetch as the element first updates (and fail: NOWHERE answers nothing).
    const fetched: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
    const mounted = await mount(given.id, JSON.stringify(given)).finally(() => {
      window.fetch = realFetch;
    });
    const { el, steps, errors } = mounted;
    expect(el.step).to.equal('choose');
    expect(el.view).to.deep.equal(given);
    expect(steps).to.deep.equal(['loading→choose']);
    expect(fetched, 'no fetch').to.deep.equal([]);
    expect(errors, 'no load was attempted').to.deep.equal([]);
    // Used once: the property is cleared, the stream keeps the view current from here.
    expect(el.initialView).to.equal(null);
  });

  it("is ignored when it is another session's view: the element fetches (and here fails)", async () => {
    const other = { ...view([KENYA]), id: 'cs_otherviewaaaaaaaaaaaaaaaa' };
    const { el, errors } = await mount('cs_mineaaaaaaaaaaaaaaaaaaaaa', JSON.stringify(other));
    await waitForStep(el, 'error');
    expect(el.view).to.equal(null);
    expect(errors).to.deep.equal(['load:NETWORK']);
  });

  it('is ignored when its JSON is malformed', async () => {
    const { el, errors } = await mount('cs_mineaaaaaaaaaaaaaaaaaaaaa', '{"id": "cs_mine');
    await waitForStep(el, 'error');
    expect(errors).to.deep.equal(['load:NETWORK']);
  });
});
