/**
 * One page of a real browser, the same few verbs in every engine, for the cross-engine smoke
 * (engines.test.ts):
 *
 * - Chromium (Debian's `chromium`): puppeteer-core over CDP;
 * - Firefox ESR (`firefox-esr`): puppeteer-core over WebDriver BiDi;
 * - WebKitGTK (`webkit2gtk-driver`): MiniBrowser through WebKitWebDriver under xvfb-run, with the
 *   small W3C WebDriver client of test/support/webdriver.mjs.
 *
 * Elements are found by a script run in the page (inside the widget's open shadow root) and
 * then clicked and typed into with the engine's own input (CDP / BiDi input, WebDriver element
 * click and send keys), as a person would. Waits poll with plain evaluations: no
 * `waitForFunction`, whose string `eval` a strict CSP blocks in Firefox.
 * @module
 */
import { writeFileSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import {
  chromiumArgs,
  chromiumPath,
  firefoxPath,
  firefoxPrefs,
  miniBrowserArgs,
  noScript,
  webkitPaths,
  type Engine,
} from '../../support/engines.mjs';
import { ELEMENT, WebDriverSession, startWebDriver } from '../../support/webdriver.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Finds an element in the page: `selector` in the document or, with `inWidget`, inside
 * `<unified-checkout>`'s shadow root; with `text`, the first match whose text contains it.
 * Runs in the browser (its source is sent as a function).
 */
function locate(selector: string, text: string | null, inWidget: boolean): Element | null {
  const host = document.querySelector('unified-checkout');
  const root: ParentNode | null | undefined = inWidget ? host?.shadowRoot : document;
  if (!root) return null;
  const all = [...root.querySelectorAll(selector)];
  return all.find((el) => text === null || (el.textContent ?? '').includes(text)) ?? null;
}

/** What to find: a CSS selector, optionally with a text it contains, in the widget or the page. */
export interface Target {
  selector: string;
  text?: string;
  /** Inside `<unified-checkout>`'s shadow root (the default) or in the document. */
  inWidget?: boolean;
}

/** A page in one engine. */
export interface EnginePage {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn(...args)` in the page and answers its (JSON) result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  click(target: Target): Promise<void>;
  type(target: Target, text: string): Promise<void>;
  /** Runs `action` (which opens a popup) and answers the popup's page. */
  popup(action: () => Promise<void>): Promise<EnginePage>;
  /** Resolves once this page (a popup) has closed. */
  waitForClose(timeoutMs: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  /**
   * Makes the page's viewport `width` × `height` CSS pixels (a phone's, say), or as narrow as
   * the engine goes (WebKitGTK's MiniBrowser window stops at 447 px); answers the width got.
   */
  resize(width: number, height: number): Promise<number>;
  /** Uncaught page errors and console errors seen so far (puppeteer engines; WebDriver classic has no log). */
  readonly errors: string[];
  close(): Promise<void>;
}

/** A launched engine. */
export interface EngineBrowser {
  readonly engine: Engine;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/**
 * Polls `probe` (each call a plain evaluation or a WebDriver call) until it answers true.
 *
 * @example
 * await until(async () => (await page.url()).includes('/demo/'), 'back on the demo page');
 */
export async function until(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/** Options of {@link launchEngine}. */
export interface LaunchOptions {
  /** False: the pages run no scripts of their own (engines.mjs, `noScript`). */
  javaScript?: boolean;
}

/** Starts an engine. */
export async function launchEngine(
  engine: Engine,
  { javaScript = true }: LaunchOptions = {},
): Promise<EngineBrowser> {
  if (engine === 'webkit') return launchWebKit(javaScript);
  const browser =
    engine === 'chromium'
      ? await puppeteer.launch({
          executablePath: chromiumPath(),
          headless: true,
          args: chromiumArgs,
        })
      : await puppeteer.launch({
          browser: 'firefox',
          executablePath: firefoxPath(),
          headless: true,
          extraPrefsFirefox: { ...firefoxPrefs, ...(javaScript ? {} : noScript.firefoxPrefs) },
        });
  return {
    engine,
    newPage: async () => {
      const page = await browser.newPage();
      if (!javaScript && engine === 'chromium') await page.setJavaScriptEnabled(false);
      return new PuppeteerPage(engine, browser, page, javaScript);
    },
    close: () => browser.close(),
  };
}

class PuppeteerPage implements EnginePage {
  readonly errors: string[] = [];

  constructor(
    readonly engine: Engine,
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly scripts = true,
  ) {
    page.on('pageerror', (error) => this.errors.push(`pageerror: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const from = message.location().url ?? '';
      // The browser's own favicon request (the demo page has none), not the page's doing.
      if (from.endsWith('/favicon.ico')) return;
      this.errors.push(`console: ${message.text()} (${from})`);
    });
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async url() {
    return this.page.url();
  }

  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.page.evaluate(fn as (...a: unknown[]) => R, ...args) as Promise<Awaited<R>>;
  }

  private async find(target: Target): Promise<ElementHandle<Element>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const handle = await this.page.evaluateHandle(
        locate,
        target.selector,
        target.text ?? null,
        target.inWidget ?? true,
      );
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (element) return element;
      await handle.dispose();
      if (Date.now() > deadline) throw new Error(`${this.engine}: no ${describe(target)}`);
      await sleep(100);
    }
  }

  async click(target: Target) {
    const element = await this.find(target);
    if (this.scripts) {
      await element.click();
    } else {
      // With the page's scripts off, Firefox's click through BiDi never returns (puppeteer waits
      // for the element in the page first): scroll it into view and click the mouse at its centre.
      await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await element.boundingBox();
      if (!box) throw new Error(`${this.engine}: ${describe(target)} has no box`);
      await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await element.dispose();
  }

  async type(target: Target, text: string) {
    const element = await this.find(target);
    await element.type(text);
    await element.dispose();
  }

  async popup(action: () => Promise<void>): Promise<EnginePage> {
    const opened = new Promise<Page>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.engine}: no popup`)), 10_000);
      this.page.once('popup', (page) => {
        clearTimeout(timer);
        if (page) resolve(page);
        else reject(new Error(`${this.engine}: popup without a page`));
      });
    });
    await action();
    return new PuppeteerPage(this.engine, this.browser, await opened, this.scripts);
  }

  async waitForClose(timeoutMs: number) {
    await until(async () => this.page.isClosed(), `${this.engine}: the popup closes`, timeoutMs);
  }

  async resize(width: number, height: number) {
    // Firefox ESR's BiDi lacks the screen orientation override puppeteer sends beside the
    // viewport's size, which it does apply: the page's own width says whether it took.
    // It can also come back before the page has the new size, or not take at all: wait for
    // the width, and ask again if it never comes.
    for (let tries = 0; tries < 3; tries += 1) {
      await this.page.setViewport({ width, height }).catch(() => {});
      const took = await this.page
        .waitForFunction(
          (wanted: number) => window.innerWidth === wanted,
          { timeout: 2_000 },
          width,
        )
        .then(
          () => true,
          () => false,
        );
      if (took) break;
    }
    return this.page.evaluate(() => window.innerWidth);
  }

  async screenshot(file: string) {
    writeFileSync(file, await this.page.screenshot());
  }

  async close() {
    if (!this.page.isClosed()) await this.page.close();
  }
}

/** WebKitGTK: one MiniBrowser session; popups are its other windows. */
async function launchWebKit(javaScript: boolean): Promise<EngineBrowser> {
  const paths = webkitPaths();
  const driver = await startWebDriver(paths);
  let session: WebDriverSession;
  try {
    session = await WebDriverSession.create(driver.base, {
      'webkitgtk:browserOptions': {
        binary: paths.browser,
        args: [...miniBrowserArgs, ...(javaScript ? [] : noScript.miniBrowserArgs)],
      },
    });
    await session.setWindowRect(1024, 900).catch(() => {});
  } catch (error) {
    await driver.stop();
    throw error;
  }
  let opened = false;
  return {
    engine: 'webkit',
    async newPage() {
      // One session, one top-level window: the smoke's cases take turns in it.
      if (opened) throw new Error('webkit: one page at a time');
      opened = true;
      const page = new WebDriverPage(session, await session.windowHandle());
      page.onClose = () => (opened = false);
      return page;
    },
    async close() {
      await session.delete();
      await driver.stop();
    },
  };
}

class WebDriverPage implements EnginePage {
  readonly engine = 'webkit' as const;
  readonly errors: string[] = [];
  onClose: () => void = () => {};

  constructor(
    private readonly session: WebDriverSession,
    private readonly handle: string,
  ) {}

  /** Every command goes to this page's window. */
  private async focus() {
    if ((await this.session.windowHandle().catch(() => null)) !== this.handle) {
      await this.session.switchToWindow(this.handle);
    }
  }

  async goto(url: string) {
    await this.focus();
    await this.session.navigate(url);
  }

  async url() {
    await this.focus();
    return this.session.url();
  }

  async evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    await this.focus();
    return (await this.session.execute(
      `return (${fn.toString()}).apply(null, arguments)`,
      args,
    )) as Awaited<R>;
  }

  private async find(target: Target): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await this.evaluate(
        locate,
        target.selector,
        target.text ?? null,
        target.inWidget ?? true,
      )) as unknown as Record<string, string> | null;
      if (found?.[ELEMENT]) return found[ELEMENT];
      if (Date.now() > deadline) throw new Error(`webkit: no ${describe(target)}`);
      await sleep(100);
    }
  }

  async click(target: Target) {
    await this.session.click(await this.find(target));
  }

  async type(target: Target, text: string) {
    await this.session.type(await this.find(target), text);
  }

  async popup(action: () => Promise<void>): Promise<EnginePage> {
    await this.focus();
    const before = new Set(await this.session.windowHandles());
    await action();
    let handle: string | undefined;
    await until(
      async () => {
        handle = (await this.session.windowHandles()).find((h: string) => !before.has(h));
        return handle !== undefined;
      },
      'webkit: a popup window opens',
      10_000,
    );
    const popup = new WebDriverPage(this.session, handle!);
    popup.onClose = () => void this.session.switchToWindow(this.handle).catch(() => {});
    return popup;
  }

  async waitForClose(timeoutMs: number) {
    await until(
      async () => !(await this.session.windowHandles()).includes(this.handle),
      'webkit: the popup closes',
      timeoutMs,
    );
    this.onClose();
  }

  async resize(width: number, height: number) {
    // The window's frame takes some of its width: ask again for what the page lacked.
    await this.focus();
    await this.session.setWindowRect(width, height);
    const inner = await this.evaluate(() => window.innerWidth);
    if (inner === width || 2 * width - inner < 1) return inner;
    await this.session.setWindowRect(2 * width - inner, height);
    return this.evaluate(() => window.innerWidth);
  }

  async screenshot(file: string) {
    await this.focus();
    writeFileSync(file, await this.session.screenshot());
  }

  async close() {
    // The session's own window stays (the next case navigates it); about:blank stops its timers.
    await this.goto('about:blank').catch(() => {});
    this.onClose();
  }
}

function describe(target: Target): string {
  return `${target.selector}${target.text ? ` with "${target.text}"` : ''}${
    target.inWidget === false ? '' : ' in the widget'
  }`;
}
