/**
 * The built bundle (public/widget.js, built before the suite) in a page whose CSP is
 * `script-src 'self'; style-src 'self'`: no violation, no inline style, styles applied through
 * constructable stylesheets, and loading the bundle twice (plus the ES module) is harmless.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { KENYA, attempt, view, withAttempt } from './support/views';

interface CspWindow extends Window {
  cspReport: { violations: string[]; errors: string[]; firstCopy: CustomElementConstructor };
  UnifiedCheckout?: { UnifiedCheckout: CustomElementConstructor };
}

async function cspFrame(): Promise<{ frame: HTMLIFrameElement; win: CspWindow }> {
  const frame = document.createElement('iframe');
  frame.src = '/test/widget/fixtures/csp.html';
  frame.style.width = '600px';
  frame.style.height = '800px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as CspWindow;
  await waitUntil(() => win.customElements.get('unified-checkout'), 'element not defined');
  return { frame, win };
}

describe('strict CSP and double loading (built widget.js)', () => {
  it('renders every step with no CSP violation and no inline style', async function () {
    this.timeout(15_000);
    const { frame, win } = await cspFrame();
    try {
      const el = win.document.getElementById('checkout') as UnifiedCheckout;
      const base = view([KENYA]);
      el.applyView(base);
      await el.updateComplete;
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=primary]')!.click();
      await el.updateComplete;
      el.applyView(
        withAttempt(
          base,
          attempt(KENYA, 'phone_prompt', 'pending', {
            type: 'approve_on_phone',
            mobile_masked: '2547****5000',
          }),
        ),
      );
      await el.updateComplete;
      expect(el.step).to.equal('approve');
      expect(el.shadowRoot!.querySelectorAll('[style]')).to.have.length(0);
      expect(el.shadowRoot!.querySelectorAll('style')).to.have.length(0);
      expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
      const panel = el.shadowRoot!.querySelector('[part~=panel]')!;
      const style = win.getComputedStyle(panel);
      expect(style.backgroundColor).to.equal('rgb(255, 255, 255)');
      expect(style.borderTopStyle).to.equal('solid');
      expect(win.cspReport.violations).to.deep.equal([]);
      expect(win.cspReport.errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('defines the element once although the bundle loaded three times', async () => {
    const { frame, win } = await cspFrame();
    try {
      const defined = win.customElements.get('unified-checkout');
      // The first <script> defined it; later copies found it defined and stepped aside.
      expect(win.cspReport.firstCopy).to.be.a('function');
      expect(defined).to.equal(win.cspReport.firstCopy);
      expect(win.UnifiedCheckout?.UnifiedCheckout).to.not.equal(defined); // the second copy
      expect(win.document.getElementById('checkout')).to.be.instanceOf(defined!);
      expect(win.cspReport.errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
