/**
 * A merchant's own page in development: a static shop page served by a tiny Node server on
 * http://127.0.0.1:8123 — an origin the stack's ALLOWED_ORIGINS does not name, as with
 * `npm run dev` — embeds the widget with the README's two lines (the classic `widget.js` tag, no
 * `endpoint`, `locale="fr"`), and the payer gets through the first step of a checkout: the
 * loader imports the module and its chunks across origins (CORS on the assets), the dev origin
 * rule lets the page call the API. The same page on http://127.0.0.2:8123 (not a local
 * development origin) is refused: the payer reads the friendly message, the page's developer
 * one console warning.
 */
import { createServer, type Server } from 'node:http';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';
import { axeViolations } from './support/axe';
import { MerchantBackend, SandboxControl } from './support/backend';
import { gotoOnceMore } from './support/page-load';
import { Widget } from './support/widget';

const PORT = 8123;

/** Opens the merchant's page (page-load.ts: a hung load is tried once more). */
const open = (page: Page, url: string) => gotoOnceMore(page, url, { label: 'merchant page' });

/** The README's embedding lines, with the stack as the proxy. */
function shopPage(proxy: string, session: string): string {
  return `<!doctype html>
<html lang="fr">
  <head><meta charset="utf-8" /><title>Ma boutique</title></head>
  <body>
    <h1>Ma boutique</h1>
    <script src="${proxy}/widget.js"></script>
    <unified-checkout session="${session}" locale="fr"></unified-checkout>
  </body>
</html>
`;
}

/** Serves `/?session=…` as the shop page on `host`:{@link PORT}. */
async function serve(host: string, proxy: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    const session = url.searchParams.get('session') ?? '';
    if (!/^cs_\w+$/.test(session)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(shopPage(proxy, session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, host, () => resolve());
  });
  return server;
}

const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

let browser: Browser;
let servers: Server[] = [];
let backend: MerchantBackend;
let sandbox: SandboxControl;
let base: string;

beforeAll(async () => {
  base = inject('baseUrl');
  backend = new MerchantBackend(base);
  sandbox = new SandboxControl(base);
  servers = [await serve('127.0.0.1', base), await serve('127.0.0.2', base)];
  // The suite's Chromium, with 127.0.0.2 reachable too (its resolver rules allow 127.0.0.1 only).
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs.map((arg) =>
      arg.startsWith('--host-resolver-rules=') ? `${arg}, EXCLUDE 127.0.0.2` : arg,
    ),
  });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map(close));
});

describe("a merchant's own page in development", () => {
  test('http://127.0.0.1:8123 with the README script tag: the payer gets to the phone prompt', async () => {
    const session = await backend.createSession({
      amount: 1500,
      currency: 'KES',
      country_id: 1,
      methods: ['send money'],
    });
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    try {
      await open(page, `http://127.0.0.1:${PORT}/?session=${session.id}`);
      const widget = new Widget(page);
      await widget.waitForStep('form');
      expect(await widget.text()).toContain('Payer'); // French: its chunk came from the proxy
      await widget.fill({ mobile: '712345005' }); // …005: the approve step stays up
      await widget.submit();
      await widget.waitForStep('approve');
      expect(await widget.text()).toMatch(/téléphone/i);
      expect(warnings, warnings.join('\n')).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('http://127.0.0.2:8123 is refused: the friendly message, and one warning for the developer', async () => {
    const session = await backend.createSession({ amount: 1500, currency: 'KES' });
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    try {
      await open(page, `http://127.0.0.2:${PORT}/?session=${session.id}`);
      const widget = new Widget(page);
      await widget.waitForStep('error');
      expect(await widget.text()).toContain('Impossible de joindre le service de paiement');
      await expect.poll(() => warnings.length).toBe(1);
      expect(warnings[0]).toContain('ALLOWED_ORIGINS');
      expect(warnings[0]).toContain('http://127.0.0.2:8123');
    } finally {
      await page.close();
    }
  });
});

describe("a merchant's page on a payer's network", () => {
  test('the loader fetches the first view beside the module, and the element uses it: one request', async () => {
    const session = await backend.createSession({
      amount: 1500,
      currency: 'KES',
      country_id: 1,
      methods: ['send money'],
    });
    const page = await browser.newPage();
    const viewPath = `/v1/checkout/${session.id}`;
    const log: string[] = [];
    let viewAsked!: () => void;
    const viewStarted = new Promise<void>((resolve) => (viewAsked = resolve));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === viewPath && request.method() === 'GET') {
        log.push('view');
        viewAsked();
      }
      if (pathname === '/widget.es.js') log.push('module asked');
    });
    // The module is held back until the view's request has started: it starts beside the
    // module, not after it (a loader that waits for the module never gets this far).
    await page.route(`${base}/widget.es.js`, async (route) => {
      await viewStarted;
      log.push('module sent');
      await route.continue();
    });
    try {
      await open(page, `http://127.0.0.1:${PORT}/?session=${session.id}`);
      const widget = new Widget(page);
      await widget.waitForStep('form');
      expect(await widget.text()).toContain('Payer');
      // The element took the loader's fetch: one view request in all, before the module came.
      expect(log).toEqual(['module asked', 'view', 'module sent']);
      expect((await widget.view())?.id).toBe(session.id);
    } finally {
      await page.close();
    }
  });

  test('offline: the widget keeps its step and says so, then catches up once back', async () => {
    const session = await backend.createSession({
      amount: 1500,
      currency: 'KES',
      country_id: 1,
      methods: ['send money'],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await open(page, `http://127.0.0.1:${PORT}/?session=${session.id}`);
      const widget = new Widget(page);
      await widget.waitForStep('form');
      await widget.fill({ mobile: '712345005' }); // the sandbox leaves it pending
      await widget.submit();
      await widget.waitForStep('approve');
      expect(await widget.text()).toContain('La demande fonctionne sans données mobiles.');
      await page.waitForFunction(
        () =>
          (
            document.querySelector('unified-checkout') as
              (HTMLElement & { connection: string }) | null
          )?.connection === 'live',
      );

      await context.setOffline(true);
      const notice = page.locator('unified-checkout [part~="offline"]');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.innerText()).toBe(
        'Vous êtes hors ligne. Nous mettrons cette page à jour à votre retour.',
      );
      expect(await widget.step()).toBe('approve');
      expect(await axeViolations(page, 'unified-checkout')).toEqual([]);

      // Paid on the phone meanwhile (the phone prompt needs no data).
      await sandbox.approveOnPhone(backend, session.id);
      await backend.waitForSession(session.id, (s) => s.status === 'succeeded', 'succeeded');

      await context.setOffline(false);
      await notice.waitFor({ state: 'detached' });
      await widget.waitForStep('success');
    } finally {
      await context.close();
    }
  });
});
