// Widget tests in three engines from Debian's packages, one after another (test/support/engines.mjs
// has the paths and flags): Chromium (puppeteer-core over CDP), Firefox ESR (puppeteer-core over
// WebDriver BiDi) and WebKitGTK (MiniBrowser through WebKitWebDriver under xvfb-run,
// test/support/wtr-webkit.mjs). `UC_ENGINES=firefox` (or `chromium,webkit`) runs only those; a
// missing engine fails the run under CI=true or when named.
//
// Before the tests: the widget is built (public/widget.js and its translations, used by the
// CSP and translation-loading tests), its import under server-side rendering is checked
// (scripts/widget-ssr-check.mjs), and the real dev stack (proxy + sandbox under wrangler)
// starts on 127.0.0.1:8796 for the transport and full-flow tests. The test page (this server,
// http://localhost:8795) is in the stack's ALLOWED_ORIGINS; /__stack/* on this server forwards
// to the stack so tests can create sessions and drive the sandbox without CORS.
// WTR_NO_STACK=1 skips the stack (the flow tests then fail fast with a clear message).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import * as puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { checkWidgetSsr } from './scripts/widget-ssr-check.mjs';
import {
  chromiumArgs,
  chromiumPath,
  enginesToRun,
  firefoxPath,
  firefoxPrefs,
} from './test/support/engines.mjs';
import { devVarsValue, startDevStack } from './test/support/dev-stack.mjs';
import { webkitLauncher } from './test/support/wtr-webkit.mjs';

const PORT = 8795;
const STACK_PORT = 8796;
const STACK = `http://127.0.0.1:${STACK_PORT}`;

/** Builds the widget, then starts the dev stack; stops it when the server stops. */
function widgetStack() {
  let stack = null;
  return {
    name: 'widget-build-and-dev-stack',
    async serverStart() {
      // npm test (scripts/test.mjs) built it once before the browser suites.
      if (process.env.UC_WIDGET_BUILT !== '1') {
        await build({ configFile: './vite.config.ts', logLevel: 'warn' });
      }
      console.log(await checkWidgetSsr()); // fails the run when an import touches the DOM
      if (process.env.WTR_NO_STACK) return;
      stack = await startDevStack({
        port: STACK_PORT,
        vars: {
          ALLOWED_ORIGINS: `http://localhost:${PORT},http://127.0.0.1:${PORT},${STACK}`,
          PUBLIC_BASE_URL: STACK,
        },
      });
    },
    async serverStop() {
      await stack?.stop();
    },
  };
}

/**
 * Koa middleware: /__stack/<path> → the dev stack (same-origin for the test page). Each
 * forwarded request carries its own client address (cf-connecting-ip), so what the tests do
 * behind the widget's back does not use up the widget's attempt rate limit (20 a minute).
 */
let forwarded = 0;
/** `POST /__stack/v1/sessions/:id/expire` acts as the merchant: the dev key is added here, so
 * it never sits in the test page. */
const MERCHANT_EXPIRE = /^\/__stack\/v1\/sessions\/[^/]+\/expire$/;
async function stackForward(ctx, next) {
  if (!ctx.path.startsWith('/__stack/')) return next();
  const url = `${STACK}${ctx.url.slice('/__stack'.length)}`;
  const merchant = MERCHANT_EXPIRE.test(ctx.path)
    ? { authorization: `Bearer ${devVarsValue('MERCHANT_API_KEY', '.dev.vars')}` }
    : {};
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  try {
    const res = await fetch(url, {
      method: ctx.method,
      headers: {
        'content-type': ctx.get('content-type') || 'application/json',
        'cf-connecting-ip': `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${++forwarded & 255}`,
        ...merchant,
      },
      body: ['GET', 'HEAD'].includes(ctx.method) ? undefined : Buffer.concat(chunks),
      redirect: 'manual',
    });
    ctx.status = res.status;
    ctx.type = res.headers.get('content-type') ?? 'application/json';
    ctx.body = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    ctx.status = 502;
    ctx.body = { error: { code: 'STACK_DOWN', message: String(error) } };
  }
}

/** The files each fault answers 404 for. */
const BROKEN = {
  // Every chunk but English's first screens: a step's, or another language's.
  nochunks: /^\/public\/widget\/(?!en-)[^/]+\.js$/,
  // Every chunk, English's too: no language at all.
  nolanguage: /^\/public\/widget\/[^/]+\.js$/,
  // Every language's chunk, and only those: the steps' chunks load, no words for them.
  nowords: /^\/public\/widget\/(en|fr|sw|pt)-[^/]+\.js$/,
  // The ES entry (widget.es.js).
  noentry: /^\/public\/widget\.es\.js$/,
};

/**
 * Koa middleware: /__<fault>/public/… serves the built widget as /public/… does, but answers
 * 404 for the files of that fault (see BROKEN): a page that loads widget.js from there sees a
 * chunk (or the module) fail to load over real HTTP, as when a network drops between the first
 * screen and the next.
 */
async function brokenWidget(ctx, next) {
  const match = /^\/__(nochunks|nolanguage|nowords|noentry)(\/public\/.*)$/.exec(ctx.path);
  if (!match) return next();
  const [, fault, rest] = match;
  if (BROKEN[fault].test(rest)) {
    ctx.status = 404;
    ctx.body = 'gone';
    return undefined;
  }
  ctx.path = rest;
  return next();
}

/**
 * puppeteer-core's setViewport also sends emulation.setScreenOrientationOverride, a BiDi command
 * Firefox ESR 140 does not know; the viewport itself is set by the command sent beside it.
 */
function tolerateEsr(page) {
  const setViewport = page.setViewport.bind(page);
  page.setViewport = (viewport) =>
    setViewport(viewport).catch((error) => {
      if (!/unknown command emulation\.setScreenOrientationOverride/.test(String(error)))
        throw error;
    });
  return page;
}

/** One launcher per engine. */
const launchers = {
  chromium: () =>
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
    }),
  firefox: () =>
    chromeLauncher({
      puppeteer,
      createPage: async ({ context }) => tolerateEsr(await context.newPage()),
      launchOptions: {
        browser: 'firefox',
        executablePath: firefoxPath(),
        headless: true,
        extraPrefsFirefox: firefoxPrefs,
      },
    }),
  webkit: () => webkitLauncher(),
};

export default {
  files: 'test/widget/**/*.test.ts',
  nodeResolve: true,
  port: PORT,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.widget.json' }),
    widgetStack(),
  ],
  middleware: [stackForward, brokenWidget],
  browsers: enginesToRun().map((engine) => launchers[engine]()),
  // One engine at a time, one file at a time: two cores, shared with the dev stack. Several
  // engines in one run share the stack's attempt rate limit: `npm run test:widget`
  // (scripts/test-widget.mjs) runs each engine on its own.
  concurrentBrowsers: 1,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
};
