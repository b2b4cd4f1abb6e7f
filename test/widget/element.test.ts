import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/index';
import { UnifiedCheckout } from '../../widget/unified-checkout';

describe('<unified-checkout>', () => {
  it('is defined once and renders into its shadow root', async () => {
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout session="cs_test"></unified-checkout>`,
    );
    expect(el).to.be.instanceOf(UnifiedCheckout);
    expect(customElements.get('unified-checkout')).to.equal(UnifiedCheckout);
    expect(el.shadowRoot?.querySelector('[part="panel"]')?.textContent).to.contain('cs_test');
  });
});
