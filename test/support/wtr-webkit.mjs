// A @web/test-runner browser launcher for WebKitGTK: MiniBrowser driven by WebKitWebDriver
// (under xvfb-run) through the small W3C client in ./webdriver.mjs. One window, one test file
// at a time (concurrency 1). Its `type` is 'webdriver', so @web/test-runner-commands' sendKeys
// reaches {@link WebKitLauncher.sendKeys}.
import { miniBrowserArgs, webkitPaths } from './engines.mjs';
import { WebDriverSession, startWebDriver } from './webdriver.mjs';

/** W3C WebDriver key codes for the names sendKeys({ press }) takes. */
const KEYS = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Space: '\uE00D',
  Backspace: '\uE003',
  Delete: '\uE017',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Home: '\uE011',
  End: '\uE010',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
};

class WebKitLauncher {
  name = 'WebKit';
  type = 'webdriver';
  concurrency = 1;
  /** @type {Awaited<ReturnType<typeof startWebDriver>> | null} */
  driver = null;
  /** @type {WebDriverSession | null} */
  session = null;
  /** @type {Promise<WebDriverSession> | null} */
  starting = null;
  /** @type {Map<string, string>} */
  active = new Map();

  async start() {
    const paths = webkitPaths();
    this.driver = await startWebDriver(paths);
    const session = await WebDriverSession.create(this.driver.base, {
      'webkitgtk:browserOptions': { binary: paths.browser, args: miniBrowserArgs },
    });
    await session.setWindowRect(800, 600).catch(() => {});
    return session;
  }

  /** @returns {Promise<WebDriverSession>} */
  browser() {
    this.starting ??= this.start().then((session) => (this.session = session));
    return this.starting;
  }

  async stop() {
    await this.session?.delete();
    await this.driver?.stop();
  }

  /** @param {string} sessionId @param {string} url */
  async startSession(sessionId, url) {
    const browser = await this.browser();
    this.active.set(sessionId, url);
    await browser.navigate(url);
  }

  /** @param {string} sessionId */
  isActive(sessionId) {
    return this.active.has(sessionId);
  }

  /** @param {string} sessionId */
  async getBrowserUrl(sessionId) {
    if (!this.active.has(sessionId) || !this.session) return undefined;
    return this.session.url();
  }

  /** @param {string} sessionId */
  async stopSession(sessionId) {
    this.active.delete(sessionId);
    // An empty page stops the file's timers and sockets before the next one.
    await this.session?.navigate('about:blank');
    return {};
  }

  async startDebugSession() {
    throw new Error('WebKit: debug sessions are not supported (run it headed with MiniBrowser).');
  }

  /**
   * Presses keys, one after another, on the focused element (W3C key actions).
   * @param {string} _sessionId @param {string[]} keys names (`Tab`) or characters
   */
  async sendKeys(_sessionId, keys) {
    const browser = await this.browser();
    const actions = keys.flatMap((key) => {
      const value = KEYS[/** @type {keyof typeof KEYS} */ (key)] ?? key;
      if ([...value].length !== 1) throw new Error(`WebKit sendKeys: unknown key ${key}`);
      return [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ];
    });
    await browser.cmd('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions }],
    });
    await browser.cmd('DELETE', '/actions');
  }
}

/** The WebKitGTK launcher for web-test-runner.config.mjs. */
export function webkitLauncher() {
  return new WebKitLauncher();
}
