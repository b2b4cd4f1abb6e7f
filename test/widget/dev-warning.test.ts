/**
 * When the proxy cannot be reached (a refused origin looks the same to the page as a proxy that
 * is down: the request fails without an answer), the payer reads the translated message and the
 * page's developer gets ONE console warning naming the likely causes and the README section.
 * Its own file: the warning is once per page. The failures are real (a closed port).
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import '../../widget/index';

describe('unreachable proxy: one warning for the developer', () => {
  const warnings: unknown[][] = [];
  const original = console.warn;
  before(() => {
    console.warn = (...args: unknown[]) => {
      warnings.push(args);
      original.apply(console, args);
    };
  });
  after(() => {
    console.warn = original;
    fixtureCleanup();
  });

  it('warns once however many elements fail, and the payer keeps the friendly message', async () => {
    const mount = () =>
      fixture<UnifiedCheckout>(
        html`<unified-checkout
          session="cs_unreachable"
          endpoint="http://127.0.0.1:9"
        ></unified-checkout>`,
      );
    const first = await mount();
    await waitUntil(() => first.step === 'error', `at ${first.step}`, { timeout: 8000 });
    const second = await mount();
    await waitUntil(() => second.step === 'error', `at ${second.step}`, { timeout: 8000 });
    // "Try again" fails the same way: still one warning.
    let failures = 0;
    first.addEventListener('checkout-error', () => failures++);
    first.shadowRoot!.querySelector<HTMLButtonElement>('[part~=primary]')!.click();
    await waitUntil(() => failures === 1 && first.step === 'error', 'no second failure', {
      timeout: 8000,
    });

    const body = first.shadowRoot!.querySelector('[part~=body]')!.textContent!;
    expect(body).to.contain('The payment service is unreachable. Check your connection.');
    expect(body).to.not.contain('ALLOWED_ORIGINS');
    expect(warnings).to.have.length(1);
    const message = String(warnings[0]![0]);
    expect(message).to.contain('http://127.0.0.1:9');
    expect(message).to.contain(location.origin);
    expect(message).to.contain('ALLOWED_ORIGINS');
    expect(message).to.contain('not running');
    expect(message).to.contain('endpoint');
    expect(message).to.contain("Allowing your page's origin");
  });
});
