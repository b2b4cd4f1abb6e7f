// A small W3C WebDriver (classic) client for WebKitGTK: WebKitWebDriver started under xvfb-run,
// driving MiniBrowser. Hand-written rather than webdriverio: the dozen endpoints the suites use
// are ~150 lines here, against webdriverio's ~150 packages (and its driver auto-download logic).
import { spawn } from 'node:child_process';
import net from 'node:net';

/** The W3C key for a web element reference in JSON. */
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `xvfb-run -a WebKitWebDriver --port=…` in its own process group (stopped by that
 * group's id, so Xvfb, the driver and MiniBrowser all go) and waits until /status answers.
 * @param {{ driver: string, xvfbRun: string }} paths
 */
export async function startWebDriver(paths) {
  const port = await freePort();
  const child = spawn(
    paths.xvfbRun,
    ['-a', '-s', '-screen 0 1280x1024x24 -nolisten tcp', paths.driver, `--port=${port}`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Its own process group outlives this process unless stopped: stop it on any exit too.
  const onExit = () => stopGroup(child);
  process.once('exit', onExit);
  child.once('exit', () => process.removeListener('exit', onExit));
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited early:\n${output}`);
    try {
      const res = await fetch(`${base}/status`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      stopGroup(child);
      throw new Error(`WebKitWebDriver did not answer on ${base} within 30 s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    base,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      stopGroup(child, 'SIGTERM');
      const timer = setTimeout(() => stopGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signals the child's whole process group (xvfb-run, Xvfb, the driver, MiniBrowser) by its id. */
function stopGroup(child, signal = 'SIGKILL') {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** A WebDriver error answer as an Error carrying its W3C `error` code. */
class WebDriverError extends Error {
  constructor(method, path, status, value) {
    super(`WebDriver ${method} ${path} → ${status} ${value?.error ?? ''}: ${value?.message ?? ''}`);
    this.code = value?.error;
  }
}

/** One WebDriver session. */
export class WebDriverSession {
  /** @param {string} base @param {string} id */
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  /**
   * Opens a session.
   * @param {string} base the driver's URL
   * @param {Record<string, unknown>} capabilities `alwaysMatch` capabilities
   */
  static async create(base, capabilities) {
    const value = await command(base, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(base, value.sessionId);
  }

  /** @param {'GET'|'POST'|'DELETE'} method @param {string} path @param {unknown} [body] */
  cmd(method, path, body) {
    return command(this.base, method, `/session/${this.id}${path}`, body);
  }

  /** @param {string} url */
  navigate(url) {
    return this.cmd('POST', '/url', { url });
  }

  /** @returns {Promise<string>} */
  url() {
    return this.cmd('GET', '/url');
  }

  /**
   * Runs a function body in the page (WebDriver's own script channel, not the page's eval: a
   * strict CSP does not apply to it). Element references come back as `{ [ELEMENT]: id }`.
   * @param {string} body a function body, e.g. `return document.title`
   * @param {unknown[]} [args]
   */
  execute(body, args = []) {
    return this.cmd('POST', '/execute/sync', { script: body, args });
  }

  /** @param {string} element */
  click(element) {
    return this.cmd('POST', `/element/${element}/click`, {});
  }

  /** @param {string} element */
  clear(element) {
    return this.cmd('POST', `/element/${element}/clear`, {});
  }

  /** @param {string} element @param {string} text */
  type(element, text) {
    return this.cmd('POST', `/element/${element}/value`, { text });
  }

  /** @returns {Promise<Buffer>} a PNG of the viewport */
  async screenshot() {
    return Buffer.from(await this.cmd('GET', '/screenshot'), 'base64');
  }

  /** @returns {Promise<string[]>} */
  windowHandles() {
    return this.cmd('GET', '/window/handles');
  }

  /** @returns {Promise<string>} */
  windowHandle() {
    return this.cmd('GET', '/window');
  }

  /** @param {string} handle */
  switchToWindow(handle) {
    return this.cmd('POST', '/window', { handle });
  }

  /** @param {number} width @param {number} height */
  setWindowRect(width, height) {
    return this.cmd('POST', '/window/rect', { width, height });
  }

  async delete() {
    await this.cmd('DELETE', '').catch(() => {});
  }
}

/** Sends one WebDriver command; answers its `value` or throws a {@link WebDriverError}. */
async function command(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebDriverError(method, path, res.status, { error: 'bad answer', message: text });
  }
  if (!res.ok) throw new WebDriverError(method, path, res.status, parsed.value);
  return parsed.value;
}
