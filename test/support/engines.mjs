// The three browser engines of the widget and end-to-end suites, from Debian's packages:
// Chromium (`chromium`), Firefox ESR (`firefox-esr`, driven over WebDriver BiDi by puppeteer-core)
// and WebKitGTK (`webkit2gtk-driver`: WebKitWebDriver driving MiniBrowser, under `xvfb-run`
// from `xvfb` + `xauth`). Each is kept off the outside network: loopback only.
import { existsSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

/** @typedef {'chromium' | 'firefox' | 'webkit'} Engine */

/** @type {Engine[]} */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Debian's packages that bring each engine (what .ci/run and scripts/ensure-browsers.mjs install). */
export const PACKAGES = {
  chromium: ['chromium'],
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb', 'xauth'],
};

/**
 * The engines asked for: `UC_ENGINES=firefox` or `UC_ENGINES=chromium,webkit`; all three when
 * unset. An unknown name is an error, never silently nothing.
 * @returns {Engine[]}
 */
export function selectedEngines(value = process.env.UC_ENGINES) {
  if (!value || !value.trim()) return [...ENGINES];
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !ENGINES.includes(/** @type {Engine} */ (name)));
  if (unknown.length > 0) {
    throw new Error(`UC_ENGINES: unknown engine ${unknown.join(', ')} (use ${ENGINES.join(', ')})`);
  }
  return /** @type {Engine[]} */ ([...new Set(names)]);
}

/** @param {(string | undefined)[]} candidates */
const firstExisting = (candidates) => candidates.find((p) => p && existsSync(p));

/** Firefox ESR: $FIREFOX_PATH, else Debian's /usr/bin/firefox-esr. */
export function firefoxPath() {
  const found = firstExisting([
    process.env.FIREFOX_PATH,
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
  ]);
  if (!found) throw missing('firefox');
  return found;
}

/** WebKitGTK: WebKitWebDriver, MiniBrowser and xvfb-run (MiniBrowser has no headless mode). */
export function webkitPaths() {
  const driver = firstExisting([process.env.WEBKIT_WEBDRIVER_PATH, '/usr/bin/WebKitWebDriver']);
  const browser = firstExisting([
    process.env.WEBKIT_MINIBROWSER_PATH,
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
  ]);
  const xvfbRun = firstExisting(['/usr/bin/xvfb-run']);
  const xauth = firstExisting(['/usr/bin/xauth']);
  if (!driver || !browser || !xvfbRun || !xauth) throw missing('webkit');
  return { driver, browser, xvfbRun };
}

/** @param {Engine} engine */
function missing(engine) {
  return new Error(
    `${engine} was not found. Install it with ` +
      `\`sudo apt-get install -y --no-install-recommends ${PACKAGES[engine].join(' ')}\` (Debian/Ubuntu).`,
  );
}

/**
 * Whether an engine's binaries are all there.
 * @param {Engine} engine
 */
export function engineInstalled(engine) {
  try {
    if (engine === 'chromium') chromiumPath();
    else if (engine === 'firefox') firefoxPath();
    else webkitPaths();
    return true;
  } catch {
    return false;
  }
}

/**
 * The engines to run: those selected, all required. A missing one fails with how to install it:
 * under CI=true always (a skipped engine must never turn a run green); locally too when it was
 * asked for by name. Locally, with UC_ENGINES unset, a missing engine is left out with a warning.
 * @returns {Engine[]}
 */
export function enginesToRun() {
  const asked = selectedEngines();
  const byName = Boolean(process.env.UC_ENGINES && process.env.UC_ENGINES.trim());
  const absent = asked.filter((engine) => !engineInstalled(engine));
  if (absent.length === 0) return asked;
  const how = absent
    .map(
      (engine) =>
        `${engine}: apt-get install -y --no-install-recommends ${PACKAGES[engine].join(' ')}`,
    )
    .join('; ');
  if (process.env.CI === 'true' || byName) {
    throw new Error(`Browser engine(s) missing: ${absent.join(', ')} (${how}).`);
  }
  console.warn(`⚠ Leaving out missing browser engine(s) ${absent.join(', ')} (${how}).`);
  return asked.filter((engine) => !absent.includes(engine));
}

/**
 * Firefox prefs: no updates, telemetry, studies, remote settings, safe browsing, captive-portal
 * or connectivity probes, and every non-loopback request through a proxy that refuses (port 9).
 */
export const firefoxPrefs = {
  'app.update.enabled': false,
  'app.update.auto': false,
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.search.update': false,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  'browser.newtabpage.enabled': false,
  'browser.ping-centre.telemetry': false,
  'datareporting.healthreport.uploadEnabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.blocklist.enabled': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  // RFC 6455's delay before reconnecting to a host:port that failed, which Firefox grows per
  // host across the whole browser: the transport tests refuse many sockets on one port
  // (127.0.0.1:9), so their timing would depend on how many tests ran before them.
  'network.websocket.delay-failed-reconnects': false,
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
};

/** MiniBrowser's arguments: automation mode, every non-loopback request through a dead proxy. */
export const miniBrowserArgs = [
  '--automation',
  '--proxy=http://127.0.0.1:9',
  // One flag per host (a comma-separated list would be one host name, and loopback would go
  // through the dead proxy too).
  '--ignore-host=localhost',
  '--ignore-host=127.0.0.1',
];

/**
 * Scripts off, per engine (the hosted page's no-JS path): Chromium by CDP
 * (`Emulation.setScriptExecutionDisabled`, puppeteer's `page.setJavaScriptEnabled(false)`);
 * Firefox by its `javascript.enabled` pref (ESR 140 has no WebDriver BiDi
 * `emulation.setScriptingEnabled` yet); WebKitGTK by MiniBrowser's WebKitSettings flag
 * `enable-javascript-markup` (the page's own scripts are off; WebDriver's scripts still run,
 * which `enable-javascript=false` would stop too). Each engine then shows `<noscript>` content
 * and matches `@media (scripting: none)`.
 */
export const noScript = {
  firefoxPrefs: { 'javascript.enabled': false },
  miniBrowserArgs: ['--enable-javascript-markup=false'],
};

export { chromiumArgs, chromiumPath };
