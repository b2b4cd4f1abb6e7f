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
import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';
import { MerchantBackend } from './support/backend';
import { Widget } from './support/widget';

const PORT = 8123;

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
let base: string;

beforeAll(async () => {
  base = inject('baseUrl');
  backend = new MerchantBackend(base);
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
      await page.goto(`http://127.0.0.1:${PORT}/?session=${session.id}`);
      const widget = new Widget(page);
      await widget.waitForStep('form');
      expect(await widget.text()).toContain('Payer'); // French: its chunk came from the proxy
      await widget.fill({ mobile: '712345000' });
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
      await page.goto(`http://127.0.0.2:${PORT}/?session=${session.id}`);
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
