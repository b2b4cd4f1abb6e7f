/**
 * Offline, said plainly: between the browser's `offline` and `online` events the element keeps
 * its step, says the payer is offline (axe-clean), and once back follows the session live again
 * at once. The events are the browser's own signal; they are dispatched here as the browser
 * would (the end-to-end suite drops the connection for real: test/e2e/merchant-page.test.ts).
 */
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import { axeViolations } from './support/axe';
import { bodyText, waitForStep } from './support/dom';
import { createSession, mountSession, startAttempt } from './support/stack';

const OFFLINE = 'You’re offline. We’ll update this when you’re back.';
const notice = (el: Element) => el.shadowRoot!.querySelector('[part~="offline"]');

describe('offline', function () {
  this.timeout(30_000);
  afterEach(() => fixtureCleanup());

  it('keeps the step, says so while offline, and follows the session again once back', async () => {
    const session = await createSession({ amount: 1000, currency: 'KES', methods: ['send money'] });
    const el = await mountSession(session, { pollInterval: 600_000 });
    await waitForStep(el, 'form');
    await waitUntil(() => el.connection === 'live', 'stream never opened');
    await startAttempt(session, { country_id: 1, method: 'send money', mobile: '254712345005' });
    await waitForStep(el, 'approve');
    expect(bodyText(el)).to.contain('The prompt works without mobile data.');

    window.dispatchEvent(new Event('offline'));
    await waitUntil(() => notice(el), 'no offline notice');
    expect(el.connection).to.equal('offline');
    expect(el.step).to.equal('approve');
    expect(notice(el)!.textContent).to.equal(OFFLINE);
    expect(notice(el)!.getAttribute('role')).to.equal('status');
    expect(await axeViolations(el)).to.deep.equal([]);

    window.dispatchEvent(new Event('online'));
    await waitUntil(() => !notice(el), 'the offline notice stayed');
    await waitUntil(() => el.connection === 'live', 'stream not reopened at once');
    expect(el.step).to.equal('approve');
  });
});
