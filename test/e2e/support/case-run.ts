/**
 * One end-to-end case in the browser: its own browser context (a payer), the widget's events
 * and any CSP violation or page error recorded from every page of it, every response body
 * saved for the secret sweep, and {@link CaseRun.step} — a named step that saves a screenshot
 * as test-results/e2e/<case>/<nn-step>.png and, when it fails, says which case and step failed
 * and where the screenshot is.
 * @module
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { E2E } from './config';
import { gotoOnceMore, watchRequests } from './page-load';
import { asOwnPayer } from './payer-address';
import { SEEN, saveBody } from './responses';

/** A `checkout-*` event the widget dispatched, as the page saw it. */
export interface WidgetEvent {
  type: string;
  detail: Record<string, unknown>;
  /** The page's address when it was dispatched. */
  url: string;
}

/** Options of {@link CaseRun.open}. */
export interface CaseOptions {
  /**
   * Makes `window.open` return null, as a popup blocker does: the widget must fall back to a
   * full-page redirect (the one injected fault of the suite).
   */
  blockPopups?: boolean;
  /** Where to copy selected step screenshots (the gallery (docs/gallery.md)); none when unset. */
  galleryDir?: string;
  /**
   * A phone's in-app WebView, as far as a page can tell: 360 px wide, touch, an Android WebView
   * user agent (`; wv`), a language (`Accept-Language`), and no popups (as `blockPopups`).
   */
  webView?: { locale?: string };
  /** The window's size when not a WebView (default 1024×720). */
  viewport?: { width: number; height: number };
  /** Scripts off, as in Opera Mini's extreme mode or a feature phone (the hosted page's no-JS
   * path); the recorder cannot run then, so no widget events and no CSP reports are seen. */
  javaScriptEnabled?: boolean;
}

/** An Android WebView's user agent (the `; wv` token is what sites look for). */
const WEBVIEW_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36';

const RECORDER = `(() => {
  if (window.__ucRecorderInstalled) return;
  window.__ucRecorderInstalled = true;
  const types = ['checkout-ready', 'checkout-step', 'checkout-success', 'checkout-failure',
    'checkout-expired', 'checkout-error'];
  for (const type of types) {
    window.addEventListener(type, (event) => {
      window.__ucEvent({ type, detail: JSON.parse(JSON.stringify(event.detail ?? null)), url: location.href });
    });
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__ucViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') +
      ' in ' + location.href + (event.sourceFile ? ' (' + event.sourceFile + ':' + event.lineNumber + ')' : ''));
  });
})();`;

const BLOCK_POPUPS = `window.open = () => null;`;

/** A case in the browser. */
export class CaseRun {
  /** Events of every page of the case, in order. */
  readonly events: WidgetEvent[] = [];
  /** CSP violations reported by any page of the case. */
  readonly violations: string[] = [];
  /** Uncaught page errors and console errors. */
  readonly errors: string[] = [];
  /** Requests of any page of the case still unanswered: method, address and age. */
  readonly unanswered: () => string[];
  /** test-results/e2e/<case>/ */
  readonly dir: string;
  private count = 0;

  private constructor(
    readonly name: string,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly options: CaseOptions,
  ) {
    this.dir = path.join(E2E.artifacts, name);
    this.unanswered = watchRequests(context);
  }

  /**
   * Opens a new payer (browser context and page). Each payer has its own client address, as
   * payers do: the proxy rate-limits attempts per address (20 a minute).
   *
   * @example
   * const run = await CaseRun.open(browser, 'phone-prompt-success');
   */
  static async open(browser: Browser, name: string, options: CaseOptions = {}): Promise<CaseRun> {
    const context = await browser.newContext({
      ...(options.webView
        ? {
            viewport: { width: 360, height: 740 },
            isMobile: true,
            hasTouch: true,
            userAgent: WEBVIEW_USER_AGENT,
            locale: options.webView.locale ?? 'en-KE',
          }
        : { viewport: options.viewport ?? { width: 1024, height: 720 } }),
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    await asOwnPayer(context);
    const page = await context.newPage();
    const run = new CaseRun(name, context, page, options);
    await run.install();
    mkdirSync(run.dir, { recursive: true });
    return run;
  }

  private async install(): Promise<void> {
    const { context } = this;
    await context.exposeBinding('__ucEvent', (_source, event: WidgetEvent) => {
      this.events.push(event);
    });
    await context.exposeBinding('__ucViolation', (_source, text: string) => {
      this.violations.push(text);
    });
    await context.addInitScript(RECORDER);
    if (this.options.blockPopups || this.options.webView) {
      await context.addInitScript(BLOCK_POPUPS);
    }
    context.on('response', (response) => {
      void response
        .text()
        .then((text) => saveBody(SEEN, `browser ${response.url()} → ${response.status()}`, text))
        .catch(() => undefined); // redirects and aborted loads have no body
    });
    const watch = (page: Page) => {
      page.on('pageerror', (error) =>
        this.errors.push(`page error in ${page.url()}: ${error.message}`),
      );
      page.on('console', (message) => {
        if (message.type() === 'error')
          this.errors.push(`console error in ${page.url()}: ${message.text()}`);
      });
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) =>
          saveBody(SEEN, `browser websocket ${socket.url()}`, String(payload)),
        );
      });
    };
    watch(this.page);
    context.on('page', watch);
  }

  /**
   * Opens `url` in the case's page and waits for its load event (page-load.ts: a hung load is
   * tried once more, naming what it waited for); resolves with the main response.
   *
   * @example
   * const response = await run.goto(session.checkout_url);
   */
  goto(url: string, loadMs?: number): Promise<Response | null> {
    return gotoOnceMore(this.page, url, { label: this.name, unanswered: this.unanswered, loadMs });
  }

  /** Events of one type. */
  eventsOf(type: string): WidgetEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /**
   * Waits until the widget has shown `step` (a `checkout-step` event) since event number
   * `since`: a step that lasts a moment (approve on the phone until the callback) is not missed.
   *
   * @example
   * const mark = run.events.length; await widget.submit(); await run.waitForStepEvent('approve', mark);
   */
  async waitForStepEvent(step: string, since: number, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const seen = () =>
      this.events.slice(since).some((e) => e.type === 'checkout-step' && e.detail.step === step);
    while (!seen()) {
      if (Date.now() > deadline) {
        const steps = this.eventsOf('checkout-step').map((e) => e.detail.step);
        throw new Error(`the widget never showed "${step}" (steps: ${steps.join(' → ')})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Runs one named step and saves a screenshot of `page` (default: the case's page) after it
   * (unless `screenshot: false`: checks that change nothing on screen).
   * On failure the screenshot shows the page as it was, and the error names the case, the step
   * and the screenshot's path.
   *
   * @example
   * await run.step('pay', async () => { await widget.submit(); });
   */
  async step<T>(
    name: string,
    action: () => Promise<T>,
    options: { page?: Page; gallery?: string; screenshot?: boolean } = {},
  ): Promise<T> {
    const label = `${String(++this.count).padStart(2, '0')}-${name}`;
    const file = path.join(this.dir, `${label}.png`);
    const page = options.page ?? this.page;
    let result: T;
    try {
      result = await action();
    } catch (error) {
      const shot = await this.screenshot(page, file.replace(/\.png$/, '-FAILED.png'));
      const message = error instanceof Error ? error.message : String(error);
      const unanswered = this.unanswered();
      throw new Error(
        `[${this.name}] step ${label} failed: ${message}\n  screenshot: ${shot ?? '(none: the page is gone)'}` +
          (unanswered.length > 0 ? `\n  unanswered requests: ${unanswered.join(', ')}` : ''),
        { cause: error },
      );
    }
    if (options.screenshot === false) return result;
    const shot = await this.screenshot(page, file);
    if (shot && options.gallery && this.options.galleryDir) {
      await this.galleryShot(page, path.join(this.options.galleryDir, `${options.gallery}.png`));
    }
    return result;
  }

  /** The gallery's copy of a step: the widget alone when the page has one, else the page. */
  private async galleryShot(page: Page, file: string): Promise<void> {
    mkdirSync(path.dirname(file), { recursive: true });
    const widget = page.locator('unified-checkout');
    if ((await widget.count()) === 1)
      await widget.screenshot({ path: file, animations: 'disabled' });
    else await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  }

  private async screenshot(page: Page, file: string): Promise<string | null> {
    if (page.isClosed()) return null;
    try {
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 5000 });
      return file;
    } catch {
      return null;
    }
  }

  /** Closes the payer's browser context. */
  async close(): Promise<void> {
    await this.context.close();
  }
}
