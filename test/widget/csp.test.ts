/**
 * The built bundle (public/widget.js, the loader, and widget.es.js with its chunks, built before
 * the suite) in a page whose CSP is `script-src 'self'; style-src 'self'`: no violation, no
 * inline style, styles applied through constructable stylesheets, and loading widget.js twice
 * (plus the ES module) is harmless.
 */
import { expect, fixtureCleanup, waitUntil } from '@open-wc/testing';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { mountView, submit } from './support/dom';
import { STACK, createSession } from './support/stack';
import { KENYA, attempt, stepViews, view, withAttempt } from './support/views';

const STYLE_PROPS = [
  'display',
  'color',
  'background-color',
  'border-top-width',
  'border-top-color',
  'border-top-left-radius',
  'padding-top',
  'margin-bottom',
  'font-size',
  'font-weight',
  'width',
  'height',
];

/**
 * What a rendered element looks like, node by node: tag, part, id, role, ARIA attributes, its
 * own text (whitespace collapsed) and a few computed styles.
 */
function signature(el: UnifiedCheckout): string[] {
  const win = el.ownerDocument.defaultView!;
  return [...el.shadowRoot!.querySelectorAll('*')].map((node) => {
    const attrs = [...node.attributes]
      .filter((a) => /^(part|id|role|aria-|type|for|tabindex|inputmode|autocomplete)/.test(a.name))
      .map((a) => `${a.name}=${a.value}`)
      .join(' ');
    const text = [...node.childNodes]
      .filter((c) => c.nodeType === Node.TEXT_NODE)
      .map((c) => c.textContent!.replace(/[ \t\r\n]+/g, ' ').trim())
      .filter(Boolean)
      .join(' ');
    const style = win.getComputedStyle(node);
    const css = STYLE_PROPS.map((p) => style.getPropertyValue(p)).join(';');
    return `${node.tagName} ${attrs} "${text}" {${css}}`;
  });
}

interface CspWindow extends Window {
  cspReport: { violations: string[]; errors: string[] };
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

  it('defines the element once although widget.js loaded twice and widget.es.js once', async () => {
    const { frame, win } = await cspFrame();
    try {
      const defined = win.customElements.get('unified-checkout');
      // Both loaders and the module tag import the same module URL: one module, one definition,
      // exposed as window.UnifiedCheckout as the single-file bundle was.
      await waitUntil(() => win.UnifiedCheckout, 'window.UnifiedCheckout never set');
      expect(win.UnifiedCheckout!.UnifiedCheckout).to.equal(defined);
      expect(win.document.getElementById('checkout')).to.be.instanceOf(defined!);
      expect(win.cspReport.errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('renders every step exactly as the source does (the build minifies templates and CSS)', async function () {
    this.timeout(30_000);
    const { frame, win } = await cspFrame();
    try {
      const built = win.document.getElementById('checkout') as UnifiedCheckout;
      const differences: string[] = [];
      for (const [name, v, showErrors] of stepViews()) {
        const source = await mountView(v);
        const copy = win.document.createElement('unified-checkout') as UnifiedCheckout;
        copy.setAttribute('locale', 'en');
        built.replaceWith(copy);
        copy.applyView(structuredClone(v)); // before its first render
        await copy.updateComplete;
        if (showErrors) {
          await submit(source);
          copy.shadowRoot!.querySelector('form')!.requestSubmit();
          await copy.updateComplete;
        }
        // A countdown's text is the time left when each copy rendered: the two renders may
        // straddle a second on a loaded machine. Its element, role and style still compare.
        const clockFree = (lines: string[]) =>
          lines.map((line) =>
            line.includes('role=timer') ? line.replace(/\d+:\d\d/g, 'm:ss') : line,
          );
        const a = clockFree(signature(source));
        const b = clockFree(signature(copy));
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          const i = a.findIndex((line, n) => line !== b[n]);
          differences.push(`${name}: #${i}\n  source ${a[i]}\n  built  ${b[i]}`);
        }
        copy.replaceWith(built);
        fixtureCleanup();
      }
      expect(differences).to.deep.equal([]);
      expect(win.cspReport.violations).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});

describe('default endpoint (built widget.js)', () => {
  it('is the origin that served the script', async function () {
    this.timeout(15_000);
    const frame = document.createElement('iframe');
    frame.src = '/test/widget/fixtures/cross-origin.html';
    const loaded = new Promise((resolve) =>
      frame.addEventListener('load', resolve, { once: true }),
    );
    document.body.append(frame);
    await loaded;
    try {
      const win = frame.contentWindow!;
      // widget.js imports widget.es.js from the stack's origin (a CORS module load).
      await win.customElements.whenDefined('unified-checkout');
      const session = await createSession({ amount: 1500, currency: 'KES' });
      const el = win.document.createElement('unified-checkout') as UnifiedCheckout;
      el.setAttribute('session', session); // no endpoint attribute
      win.document.body.append(el);
      expect(el.endpointUrl).to.equal(STACK);
      expect(STACK).to.not.equal(location.origin);
      await waitUntil(() => el.step === 'choose', `at ${el.step}`, { timeout: 8000 });
    } finally {
      frame.remove();
    }
  });
});
