// An attempt refused by a prompt limit (429 RATE_LIMITED with
// details.limit) tells the payer which limit, in their language; the checkout-error event keeps
// the API's code.
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import { ApiError } from '../../widget/api';
import { refusalText } from '../../widget/actions/submit-attempt';
import type { CheckoutErrorEvent } from '../../widget/events';
import { KENYA, view } from './support/views';
import { mountView, q, submit, type } from './support/dom';
import { registered } from './support/languages';
import { laterStrings } from '../../widget/later-strings';

const [fr, sw, en] = await registered('fr', 'sw', 'en');

const realFetch = window.fetch;

/** The proxy refuses every attempt with RATE_LIMITED for `limit`. */
function refuseAttempts(limit: string): void {
  window.fetch = async () =>
    new Response(
      JSON.stringify({
        error: { code: 'RATE_LIMITED', message: 'Too many.', details: { limit, retry_after: 420 } },
      }),
      { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '420' } },
    );
}

describe('prompt limits', () => {
  afterEach(() => {
    window.fetch = realFetch;
    fixtureCleanup();
  });

  it('a phone that received too many prompts: the payer reads why, and the event says RATE_LIMITED', async () => {
    refuseAttempts('phone');
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    let detail: CheckoutErrorEvent['detail'] | null = null;
    el.addEventListener('checkout-error', (e) => (detail = (e as CheckoutErrorEvent).detail));
    await type(el, 'mobile', '712345005');
    await submit(el);
    await waitUntil(() => detail !== null, 'no checkout-error');
    await el.updateComplete;
    expect(q(el, '[role=alert]').textContent).to.equal(
      'Too many payment requests were sent to this phone number. Try again later, or pay another way.',
    );
    expect(detail).to.include({ code: 'RATE_LIMITED', status: 429, operation: 'attempt' });
  });

  it('each limit is worded apart, in every language', async () => {
    await laterStrings(); // the refusals are among the later strings
    const error = (limit?: string) =>
      new ApiError('RATE_LIMITED', 'x', 429, limit ? { limit, retry_after: 60 } : undefined);
    for (const t of [en, fr, sw]) {
      const phone = refusalText(t, error('phone'));
      const session = refusalText(t, error('session'));
      const address = refusalText(t, error('address'));
      expect(new Set([phone, session, address, t.errors.generic]).size, t.$code).to.equal(4);
      expect(address, t.$code).to.equal(t.errors.RATE_LIMITED);
    }
    expect(refusalText(fr, error('phone'))).to.contain('ce numéro');
    expect(refusalText(sw, error('session'))).to.contain('Subiri');
  });
});
