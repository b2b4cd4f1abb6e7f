/**
 * Loading of the built widget (public/widget.js → widget.es.js → chunks in public/widget/), each
 * page in its own frame with only the one `<script src=".../widget.js">` tag: the first screen
 * needs only the entry; a step's chunk and a language's chunk are fetched when needed, beside
 * the module; and when a chunk (or the module itself) cannot be fetched, the payer reads a
 * message instead of a blank widget. Failures are real 404s (web-test-runner.config.mjs serves
 * /__nochunks/ and /__noentry/ copies of public/ without the chunks, or without the module).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { CheckoutErrorEvent } from '../../widget/events';
import type { UnifiedCheckout } from '../../widget/unified-checkout';
import { LATER } from '../../shared/strings/later';
import { foreignWords } from './support/later-words';
import { IVORY_COAST, KENYA, attempt, inMs, view, withAttempt } from './support/views';

interface Page {
  frame: HTMLIFrameElement;
  win: Window & typeof globalThis;
  el: UnifiedCheckout;
  /** Paths of the chunk files the page fetched so far (public/widget/*.js). */
  chunks(): string[];
}

async function page(script: string, locale = 'en', define = true): Promise<Page> {
  const frame = document.createElement('iframe');
  frame.srcdoc =
    `<!doctype html><html lang="en"><head><script src="${script}"></script></head>` +
    `<body><unified-checkout id="checkout" locale="${locale}"></unified-checkout></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  if (define) {
    await waitUntil(() => win.customElements.get('unified-checkout'), 'element not defined', {
      timeout: 8000,
    });
  }
  const el = win.document.getElementById('checkout') as UnifiedCheckout;
  const chunks = () =>
    win.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/public\/widget\/[^/]+\.js$/.test(path));
  return { frame, win, el, chunks };
}

const otpView = () =>
  withAttempt(
    view([IVORY_COAST], { only: 'otp_operator' }),
    attempt(IVORY_COAST, 'otp_operator', 'pending', {
      type: 'enter_otp',
      expires_at: inMs(90_000),
      tries_left: 3,
    }),
  );

const text = (el: UnifiedCheckout) =>
  (el.shadowRoot?.querySelector('[part~=body]')?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('chunks of the built widget', () => {
  it('shows the first screen from the entry alone, then fetches a step chunk on demand', async function () {
    this.timeout(15_000);
    const { frame, win, el, chunks } = await page('/public/widget.js');
    try {
      const scripts = win.performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname);
      expect(scripts).to.include.members(['/public/widget.js', '/public/widget.es.js']);
      el.applyView(view([KENYA], { only: 'phone_prompt' }));
      await el.updateComplete;
      expect(el.step).to.equal('form');
      // The heading carries the brand's badge (its initials) before its text.
      expect(el.shadowRoot!.querySelector('h2')!.textContent!.trim()).to.match(/Pay with M-PESA$/);
      // The first screen: the entry and the page's language (its first screens' strings).
      expect(chunks()).to.have.length(1);
      expect(chunks()[0]).to.match(/\/public\/widget\/en-[\w-]+\.js$/);

      el.applyView(otpView());
      await el.updateComplete; // waits for the OTP chunk
      expect(el.step).to.equal('otp');
      expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('Enter your code');
      // The OTP step and its countdown (a chunk the transfer step shares), fetched together, and
      // English's later steps' strings with their loader.
      expect(
        chunks()
          .map((path) => path.replace(/-[\w-]{8}\.js$/, ''))
          .sort(),
      ).to.deep.equal([
        '/public/widget/clock',
        '/public/widget/en',
        '/public/widget/later-en',
        '/public/widget/later-strings',
        '/public/widget/otp',
      ]);
    } finally {
      frame.remove();
    }
  });

  it('shows "wait" from the live transport\'s chunk, the one a page waiting for its outcome loads', async function () {
    this.timeout(15_000);
    const { frame, el, chunks } = await page('/public/widget.js');
    try {
      const kenya = view([KENYA], { only: 'phone_prompt' });
      el.applyView(withAttempt(kenya, attempt(KENYA, 'phone_prompt', 'pending', { type: 'wait' })));
      await el.updateComplete; // the transport's chunk, and with it the later strings
      expect(el.step).to.equal('wait');
      expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal(
        'Your payment is being confirmed',
      );
      expect(el.shadowRoot!.querySelector('.sr')!.textContent).to.contain('Don’t pay again');
      expect(
        chunks()
          .map((path) => path.replace(/-[\w-]{8}\.js$/, ''))
          .sort(),
      ).to.deep.equal([
        '/public/widget/en',
        '/public/widget/later-en',
        '/public/widget/later-strings',
        '/public/widget/transport',
      ]);
    } finally {
      frame.remove();
    }
  });

  it('fetches the page language as a chunk: fr', async function () {
    this.timeout(15_000);
    const { frame, el, chunks } = await page('/public/widget.js', 'fr');
    try {
      el.applyView(otpView());
      await el.updateComplete; // the French chunks and the OTP chunk
      expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('Saisissez votre code');
      expect(
        chunks()
          .map((path) => path.replace(/-[\w-]{8}\.js$/, ''))
          .sort(),
      ).to.deep.equal([
        '/public/widget/clock',
        '/public/widget/fr',
        '/public/widget/later-fr',
        '/public/widget/later-strings',
        '/public/widget/otp',
      ]);
    } finally {
      frame.remove();
    }
  });

  it("fetches only the payer's language through the later steps, another once the locale changes", async function () {
    this.timeout(15_000);
    const { frame, win, el, chunks } = await page('/public/widget.js', 'fr');
    const heading = () => el.shadowRoot!.querySelector('h2')!.textContent;
    try {
      el.applyView(otpView());
      await el.updateComplete;
      expect(heading()).to.equal('Saisissez votre code');
      const ci = view([IVORY_COAST], { only: 'otp_operator' });
      el.applyView(withAttempt(ci, attempt(IVORY_COAST, 'otp_operator', 'succeeded'), 'succeeded'));
      await el.updateComplete;
      expect(heading()).to.equal(LATER.fr.outcome.successHeading);
      // Every script the page fetched, read back: none holds another language's strings.
      const scripts = win.performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\/public\/.+\.js$/.test(new URL(url).pathname));
      const texts = await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())));
      expect(foreignWords('fr', texts.join('\n'))).to.deep.equal([]);
      expect(chunks().filter((path) => /\/later-[a-z]{2,3}-/.test(path))).to.have.length(1);

      // The payer's language changes on a later step: its strings come before it shows.
      el.locale = 'sw';
      await el.updateComplete;
      expect(heading()).to.equal(LATER.sw.outcome.successHeading);
      expect(chunks().filter((path) => /\/(later-)?sw-/.test(path))).to.have.length(2);
    } finally {
      frame.remove();
    }
  });

  it('shows the error step (and fires checkout-error) when a step chunk cannot be loaded', async function () {
    this.timeout(15_000);
    const { frame, el } = await page('/__nochunks/public/widget.js');
    try {
      const errors: CheckoutErrorEvent[] = [];
      el.addEventListener('checkout-error', (e) => errors.push(e as CheckoutErrorEvent));
      el.applyView(view([KENYA], { only: 'phone_prompt' }));
      await el.updateComplete;
      expect(el.step).to.equal('form'); // the first screen needs no step chunk

      el.applyView(otpView());
      await el.updateComplete;
      expect(el.step).to.equal('error');
      expect(text(el)).to.contain('The payment service is unreachable. Check your connection.');
      expect(el.shadowRoot!.querySelector('[part~=primary]')!.textContent).to.contain('Try again');
      expect(errors.map((e) => [e.detail.code, e.detail.operation])).to.deep.equal([
        ['NETWORK', 'load'],
      ]);
    } finally {
      frame.remove();
    }
  });

  it('keeps English when the page language chunk cannot be loaded', async function () {
    this.timeout(15_000);
    const { frame, el } = await page('/__nochunks/public/widget.js', 'fr');
    try {
      el.applyView(view([KENYA], { status: 'expired' }));
      await el.updateComplete;
      // The notice's chunk is missing too: the error step, in English.
      expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('Something went wrong');
      el.applyView(view([KENYA], { only: 'phone_prompt' }));
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part~=primary]')!.textContent).to.contain('Pay');
    } finally {
      frame.remove();
    }
  });

  it('says so in the element when no language can be loaded, not even English', async function () {
    this.timeout(15_000);
    const { frame, el } = await page('/__nolanguage/public/widget.js', 'fr');
    try {
      el.applyView(view([KENYA], { only: 'phone_prompt' }));
      await el.updateComplete;
      expect(el.shadowRoot!.textContent).to.contain('could not be loaded');
      expect(el.step, 'no step is on screen').to.equal('loading');
    } finally {
      frame.remove();
    }
  });

  it('fires an outcome event only once its notice is on screen, in words', async function () {
    this.timeout(15_000);
    const { frame, el } = await page('/__nowords/public/widget.js');
    try {
      const outcomes: string[] = [];
      el.addEventListener('checkout-success', (e) => outcomes.push(e.type));
      const ke = view([KENYA], { only: 'phone_prompt' });
      el.applyView(withAttempt(ke, attempt(KENYA, 'phone_prompt', 'succeeded'), 'succeeded'));
      // The notices' chunk loads; no language does. updateComplete waits for every chunk load
      // to settle: nothing more is on its way.
      await el.updateComplete;
      expect(el.shadowRoot!.textContent).to.contain('could not be loaded');
      expect(outcomes, 'no checkout-success under a spinner').to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('says so in the element when widget.es.js cannot be loaded at all', async function () {
    this.timeout(15_000);
    const { frame, win, el } = await page('/__noentry/public/widget.js', 'en', false);
    try {
      await waitUntil(() => /could not be loaded/.test(el.textContent ?? ''), 'still blank', {
        timeout: 8000,
      });
      const late = win.document.createElement('unified-checkout');
      win.document.body.append(late);
      expect(late.textContent).to.contain('could not be loaded');
    } finally {
      frame.remove();
    }
  });
});
