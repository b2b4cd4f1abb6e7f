// The shop's prefilled phone reaches the browser masked (dial code and last
// 3 digits). The payer confirms it, and the attempt then says `use_prefilled_mobile` (the
// session uses the number it holds), or types another number, which the attempt carries.
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import { KENYA, SENEGAL, attempt, view, withAttempt } from './support/views';
import { mountView, q, qa, submit, type } from './support/dom';

const realFetch = window.fetch;
const prefilled = view([KENYA, SENEGAL], {
  customer: { first_name: 'Amina', mobile_masked: '254******005' },
});

/** Answers every attempt with a pending one; records the bodies sent. */
function proxy(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  window.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const answer = withAttempt(
      prefilled,
      attempt(KENYA, 'phone_prompt', 'pending', {
        type: 'approve_on_phone',
        mobile_masked: '254******005',
      }),
    );
    return new Response(JSON.stringify({ ...answer, status: 'pending' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  };
  return bodies;
}

describe('the prefilled phone', () => {
  afterEach(() => {
    window.fetch = realFetch;
    fixtureCleanup();
  });

  it('confirmed: the attempt asks for the number the session holds, never carries it', async () => {
    const bodies = proxy();
    const el = await mountView(prefilled);
    el.shadowRoot!.querySelector<HTMLFormElement>('form')!.requestSubmit(); // choose Kenya, M-PESA
    await el.updateComplete;
    expect(q<HTMLInputElement>(el, '#mobile-saved').checked).to.equal(true);
    await submit(el);
    await waitUntil(() => bodies.length === 1, 'no attempt sent');
    expect(bodies[0]).to.deep.equal({
      country_id: 1,
      method: 'send money',
      use_prefilled_mobile: true,
    });
  });

  it('replaced: the attempt carries the number the payer typed', async () => {
    const bodies = proxy();
    const el = await mountView(prefilled);
    el.shadowRoot!.querySelector<HTMLFormElement>('form')!.requestSubmit();
    await el.updateComplete;
    q<HTMLInputElement>(el, '#mobile-saved').click();
    await el.updateComplete;
    await type(el, 'mobile', '0798 765 432');
    await submit(el);
    await waitUntil(() => bodies.length === 1, 'no attempt sent');
    expect(bodies[0]).to.deep.equal({
      country_id: 1,
      method: 'send money',
      mobile: '254798765432',
    });
  });

  it('another country: no saved number to offer, the payer types one', async () => {
    const el = await mountView(
      view([SENEGAL], { only: 'operator_prompt', customer: { mobile_masked: '254******005' } }),
    );
    expect(qa(el, '#mobile-saved')).to.have.length(0);
    expect(q<HTMLInputElement>(el, '#mobile').value).to.equal('');
  });
});
