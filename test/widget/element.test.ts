import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/index';
import { UnifiedCheckout } from '../../widget/unified-checkout';
import { KENYA, attempt, view, withAttempt } from './support/views';
import { mountView, q } from './support/dom';
import { darkDocument } from './support/scheme';

const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(21, 24, 30)';

describe('<unified-checkout> element', () => {
  it('is defined once, as the class the module exports', async () => {
    const el = await fixture<UnifiedCheckout>(html`<unified-checkout></unified-checkout>`);
    expect(el).to.be.instanceOf(UnifiedCheckout);
    expect(customElements.get('unified-checkout')).to.equal(UnifiedCheckout);
    expect(document.createElement('unified-checkout')).to.be.instanceOf(UnifiedCheckout);
  });

  it('reads its attributes into properties, with documented defaults', async () => {
    const bare = await fixture<UnifiedCheckout>(html`<unified-checkout></unified-checkout>`);
    expect(bare.session).to.equal('');
    expect(bare.endpoint).to.equal('');
    expect(bare.locale).to.equal('');
    expect(bare.theme).to.equal('auto');
    expect(bare.pollInterval).to.equal(3000);
    expect(bare.getAttribute('theme')).to.equal('auto');
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout
        endpoint="http://127.0.0.1:1/"
        locale="fr-CI"
        theme="dark"
        poll-interval="500"
      ></unified-checkout>`,
    );
    expect(el.endpoint).to.equal('http://127.0.0.1:1/');
    expect(el.endpointUrl).to.equal('http://127.0.0.1:1');
    expect(el.locale).to.equal('fr-CI');
    expect(el.theme).to.equal('dark');
    expect(el.pollInterval).to.equal(500);
  });

  it('defaults the endpoint to the origin that served the script', async () => {
    const el = await fixture<UnifiedCheckout>(html`<unified-checkout></unified-checkout>`);
    // Here the module is served by the test server, so its origin is the page's.
    expect(el.endpointUrl).to.equal(location.origin);
  });

  it('renders into open shadow DOM with documented parts', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    for (const part of ['panel', 'header', 'amount', 'body', 'heading', 'form', 'field', 'input']) {
      expect(el.shadowRoot!.querySelector(`[part~="${part}"]`), part).to.exist;
    }
    expect(q(el, '[part~="primary"]').getAttribute('part')).to.equal('button primary');
    expect(q(el, '[part~="panel"]').getAttribute('role')).to.equal('region');
    expect(q(el, '[part~="panel"]').getAttribute('aria-label')).to.equal('Checkout');
  });

  it('uses no inline style attributes and adopts its stylesheet', async () => {
    const el = await mountView(
      withAttempt(
        view([KENYA], { only: 'phone_prompt' }),
        attempt(KENYA, 'phone_prompt', 'pending', { type: 'approve_on_phone', mobile_masked: 'x' }),
      ),
    );
    expect(el.shadowRoot!.querySelectorAll('[style]')).to.have.length(0);
    expect(el.shadowRoot!.querySelectorAll('style')).to.have.length(0);
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
  });

  it('is themed by CSS custom properties', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    const pay = q(el, '[part~="primary"]');
    expect(getComputedStyle(pay).backgroundColor).to.equal('rgb(29, 91, 208)');
    el.style.setProperty('--uc-color-primary', 'rgb(1, 2, 3)');
    el.style.setProperty('--uc-radius', '0px');
    expect(getComputedStyle(pay).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(pay).borderTopLeftRadius).to.equal('0px');
  });

  it('has light and dark themes: the theme attribute', async () => {
    const el = await mountView(view([KENYA], { only: 'phone_prompt' }));
    const panel = q(el, '[part~="panel"]');
    expect(getComputedStyle(panel).backgroundColor).to.equal(LIGHT);
    el.setAttribute('theme', 'dark');
    await el.updateComplete;
    expect(getComputedStyle(panel).backgroundColor).to.equal(DARK);
    el.theme = 'light';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('light');
    expect(getComputedStyle(panel).backgroundColor).to.equal(LIGHT);
  });

  it('follows prefers-color-scheme unless the theme attribute says otherwise', async function () {
    const dark = await darkDocument();
    if (!dark) {
      // WebKitGTK: WebDriver cannot emulate the preference and its iframes keep the top level's.
      console.info('skipped: this engine offers no way to prefer dark at run time');
      this.skip();
    }
    try {
      const el = dark.doc.createElement('unified-checkout') as UnifiedCheckout;
      el.setAttribute('locale', 'en');
      dark.doc.body.append(el);
      el.applyView(view([KENYA], { only: 'phone_prompt' }));
      await el.updateComplete;
      const panel = el.shadowRoot!.querySelector('[part~="panel"]')!;
      const style = () => dark.doc.defaultView!.getComputedStyle(panel).backgroundColor;
      expect(el.theme).to.equal('auto');
      expect(style()).to.equal(DARK);
      el.theme = 'light';
      await el.updateComplete;
      expect(style()).to.equal(LIGHT);
      el.theme = 'auto';
      await el.updateComplete;
      expect(style()).to.equal(DARK);
      el.remove();
    } finally {
      await dark.done();
    }
  });

  it('shows a loading step until it has a view, without network when there is no session', async () => {
    const el = await fixture<UnifiedCheckout>(html`<unified-checkout></unified-checkout>`);
    expect(el.step).to.equal('loading');
    expect(el.view).to.equal(null);
    expect(el.connection).to.equal('idle');
    expect(q(el, '[role=status]').textContent).to.equal('Loading…');
  });

  it('refuses a view of another session than its own', async () => {
    const el = await fixture<UnifiedCheckout>(
      html`<unified-checkout session="cs_other" endpoint="http://127.0.0.1:1"></unified-checkout>`,
    );
    expect(el.applyView(view([KENYA], { id: 'cs_test' }))).to.equal(false);
    expect(el.view).to.equal(null);
  });

  it('keeps a view applied before its first render', async () => {
    const el = document.createElement('unified-checkout');
    el.applyView(view([KENYA], { only: 'phone_prompt' }));
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(el.step).to.equal('form');
    } finally {
      el.remove();
    }
  });
});
