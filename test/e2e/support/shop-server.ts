/**
 * The merchant's shop for the end-to-end suite: a tiny Node HTTP server on its own origin that
 * serves a checkout page (test/e2e/fixtures/shop) under a strict Content-Security-Policy — no
 * inline script or style, scripts only from itself and the proxy that serves widget.js, network
 * only to the proxy — exactly as a merchant embeds the widget cross-origin.
 * @module
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const FIXTURES = path.resolve('test/e2e/fixtures/shop');

/**
 * The shop page's CSP: strict (no 'unsafe-inline', no 'unsafe-eval'); the proxy is the only
 * other origin, for widget.js, its translation files and the checkout API and stream.
 *
 * @example
 * shopCsp('http://127.0.0.1:8797');
 */
export function shopCsp(proxy: string): string {
  const ws = proxy.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' ${proxy}`,
    "style-src 'self'",
    `connect-src ${proxy} ${ws}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function page(proxy: string): string {
  const escaped = proxy.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Corner Shop — checkout</title>
    <link rel="stylesheet" href="/shop/shop.css" />
    <script src="${escaped}/widget.js"></script>
    <script src="/shop/shop.js" defer></script>
  </head>
  <body>
    <header><strong>Corner Shop</strong> · checkout</header>
    <main id="shop" data-proxy="${escaped}">
      <p id="shop-status" role="status"></p>
    </main>
  </body>
</html>
`;
}

/** A running shop. */
export interface ShopServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The checkout page, to be followed by `?session=cs_…`. */
  checkoutUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the shop on 127.0.0.1; its checkout page loads widget.js from `proxy`.
 *
 * @example
 * const shop = await startShopServer({ port: 8790, proxy: 'http://127.0.0.1:8797' });
 * await page.goto(`${shop.checkoutUrl}?session=${id}`);
 */
export async function startShopServer(options: {
  port: number;
  proxy: string;
}): Promise<ShopServer> {
  const files: Record<string, { type: string; file: string }> = {
    '/shop/shop.js': { type: 'text/javascript; charset=utf-8', file: 'shop.js' },
    '/shop/shop.css': { type: 'text/css; charset=utf-8', file: 'shop.css' },
  };
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://shop').pathname;
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
    if (req.method !== 'GET') {
      res.writeHead(405, headers).end();
    } else if (pathname === '/shop/') {
      res
        .writeHead(200, {
          ...headers,
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': shopCsp(options.proxy),
        })
        .end(page(options.proxy));
    } else if (files[pathname]) {
      const { type, file } = files[pathname];
      res
        .writeHead(200, { ...headers, 'content-type': type })
        .end(readFileSync(path.join(FIXTURES, file)));
    } else {
      res.writeHead(404, headers).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${options.port}`;
  return {
    base,
    checkoutUrl: `${base}/shop/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
